import { PAGE_PATHS, PAGE_SLUGS, PageBody, type PageSlug } from '@khelaghor/contract/schemas/pages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../shared/api/client';
import { queryKey } from '../../../shared/api/query-keys';
import { Button } from '../../../shared/ui/button';
import { getOptions } from '../api';
import { KitForm, useSavedForm, valuesFrom } from '../form-kit';
import { SectionCard } from '../components/kit';
import { useAdminGet } from '../hooks/use-admin-queries';
import { useFormat } from '../../../shared/i18n/format';
import { useT, type SettingsMessage } from '../settings/messages';
import { PageLanguageFields, type PageDraft } from './page-fields';

/** Each page's name in the admin's language (the English ones are the contract's PAGE_DEFAULT_TITLES). */
const PAGE_NAMES: Record<PageSlug, SettingsMessage> = {
  terms: 'pageTerms',
  privacy: 'pagePrivacy',
  refund: 'pageRefund',
  faq: 'pageFaq',
};

const EMPTY: PageDraft = { title: '', body: '', faq: [], title_bn: '', body_bn: '', faq_bn: [] };

/** One page's editor: title, text and, for the FAQ, its question/answer pairs, in English and (optional) Bangla. */
function PageEditor({ slug }: { slug: PageSlug }) {
  const t = useT();
  const { date } = useFormat();
  const queryClient = useQueryClient();
  // The admin route, not the public one the edge caches for a minute: reopened after a save, the
  // editor shows what was saved.
  const current = useAdminGet('adminGetPage', { params: { slug } });
  const page = current.data?.page;
  const form = useSavedForm({
    schema: PageBody,
    id: `page-${slug}`,
    empty: EMPTY,
    saved: page,
    // A page saved before the Bangla fields existed may come without them.
    fromSaved: (p): PageDraft => ({ ...valuesFrom(p, EMPTY), faq_bn: p.faq_bn ?? [] }),
    toInput: (draft: PageDraft) => draft,
    // What the schema made of it (an empty Bangla title is none), as the page is stored.
    save: (draft) => call('adminPutPage', { params: { slug }, body: PageBody.parse(draft) }),
    success: t('pageSaved'),
    // The editor keeps what the server saved; the storefront's copy in this tab is dropped so the
    // page shows the new text.
    onSuccess: (_, result) => {
      queryClient.setQueryData(getOptions('adminGetPage', { params: { slug } }).queryKey, {
        page: result.page,
      });
      queryClient.removeQueries({ queryKey: queryKey('getPage', { slug }), exact: true });
    },
  });

  return (
    <KitForm
      form={form}
      submitText={t('savePage', { title: t(PAGE_NAMES[slug]) })}
      onValid={form.onValid}
      disabled={current.isLoading}
    >
      <p className="text-sm text-muted-foreground">
        {t('shownAt')}{' '}
        <a className="underline" href={PAGE_PATHS[slug]} target="_blank" rel="noreferrer">
          {PAGE_PATHS[slug]}
        </a>
        {page?.updated_at ? t('pageLastSaved', { date: date(page.updated_at) }) : t('pageNotWritten')}
      </p>
      <PageLanguageFields slug={slug} lang="en" form={form} />
      <fieldset className="space-y-4 rounded-md border p-3" data-testid="page-bangla">
        <legend className="px-1 text-sm font-semibold">{t('banglaVersion')}</legend>
        <p className="text-xs text-muted-foreground">{t('banglaVersionHint')}</p>
        <PageLanguageFields slug={slug} lang="bn" form={form} />
      </fieldset>
    </KitForm>
  );
}

/** Pages: the shop's terms, privacy, refund policy and FAQ, linked from the footer and the login notice. */
export default function PagesSection() {
  const t = useT();
  const [slug, setSlug] = useState<PageSlug>('terms');
  return (
    <SectionCard title={t('pages')} description={t('pagesDescription')}>
      <div role="tablist" aria-label={t('pageTabs')} className="mb-4 flex flex-wrap gap-2">
        {PAGE_SLUGS.map((s) => (
          <Button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === slug}
            variant={s === slug ? 'default' : 'outline'}
            size="sm"
            onClick={() => setSlug(s)}
          >
            {t(PAGE_NAMES[s])}
          </Button>
        ))}
      </div>
      <PageEditor key={slug} slug={slug} />
    </SectionCard>
  );
}
