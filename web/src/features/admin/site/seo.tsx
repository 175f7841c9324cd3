import { SeoCreateBody, SeoUpdateBody, type SeoRow } from '@khelaghor/contract/schemas/catalog';
import { call } from '../../../shared/api/client';
import { AddButton, type CrudFormProps, useCrud } from '../components/crud';
import { CrudTable } from '../components/crud-table';
import { fieldRules, FormField, KitForm, useKitForm, valuesFrom } from '../form-kit';
import { SectionCard } from '../components/kit';
import { SiteSettingsCard } from './site-settings';
import { useFormat } from '../../../shared/i18n/format';
import { useT } from '../settings/messages';
import { useAdminGet } from '../hooks/use-admin-queries';

/** The contract's limits, said in the section's description. */
const SEO_TITLE_MAX = fieldRules(SeoCreateBody, 'title').maxLength ?? 0;
const SEO_DESCRIPTION_MAX = fieldRules(SeoCreateBody, 'description').maxLength ?? 0;

interface SeoValues extends Record<string, unknown> {
  page_path: string;
  title: string;
  description: string;
  keywords: string;
  og_image: string;
}
const toCreate = (v: SeoValues) => ({
  page_path: v.page_path,
  title: v.title,
  description: v.description || null,
  keywords: v.keywords || null,
  og_image: v.og_image || null,
});
const toUpdate = (v: SeoValues) => {
  const { page_path: _fixed, ...rest } = toCreate(v);
  return rest;
};

const empty: SeoValues = { page_path: '', title: '', description: '', keywords: '', og_image: '' };

/** Editing (`initial`): page_path is shown but cannot be changed. */
export function SeoForm(
  props: CrudFormProps<SeoValues, ReturnType<typeof toCreate> | ReturnType<typeof toUpdate>>,
) {
  const t = useT();
  const editing = Boolean(props.initial);
  const form = useKitForm<SeoValues, ReturnType<typeof toCreate> | ReturnType<typeof toUpdate>>(
    editing ? SeoUpdateBody : SeoCreateBody,
    props.initial ?? empty,
    editing ? toUpdate : toCreate,
    { id: 'seo', ...props },
  );
  const pathHint = editing ? t('pagePathFixedHint') : t('pagePathHint', { root: '/', product: '/product/…' });
  return (
    <KitForm form={form} submitText={editing ? t('updateSeo') : t('createSeo')} onValid={props.onSubmit}>
      <FormField
        form={form}
        name="page_path"
        label={t('pagePath')}
        hint={pathHint}
        disabled={editing}
        readOnly={editing}
      />
      <FormField form={form} name="title" label={t('title')} />
      <FormField form={form} name="description" label={t('description')} as="textarea" />
      <FormField form={form} name="keywords" label={t('keywords')} />
      <FormField form={form} name="og_image" label={t('ogImage')} />
    </KitForm>
  );
}

export default function SeoSection() {
  const t = useT();
  const { date, number } = useFormat();
  const list = useAdminGet('adminListSeo');
  const crud = useCrud<SeoRow, ReturnType<typeof toCreate> | ReturnType<typeof toUpdate>>({
    noun: t('seoNoun'),
    create: (body) => call('adminCreateSeo', { body: body as ReturnType<typeof toCreate> }),
    update: (id, body) => call('adminUpdateSeo', { params: { id }, body }),
    remove: (id) => call('adminDeleteSeo', { params: { id } }),
    refresh: ['adminListSeo'],
  });

  return (
    <div className="flex flex-col gap-4">
      <SectionCard
        title={t('seo')}
        description={t('seoDescription', {
          titleMax: number(SEO_TITLE_MAX),
          descriptionMax: number(SEO_DESCRIPTION_MAX),
        })}
        actions={<AddButton onClick={() => crud.open('new')}>{t('addSeo')}</AddButton>}
      >
        <CrudTable
          crud={crud}
          columns={[t('pagePath'), t('title'), t('description'), t('created'), t('actions')]}
          loading={list.isLoading}
          items={list.data?.items ?? []}
          empty={t('noSeo')}
          name={(s) => s.page_path}
          cells={(s) => (
            <>
              <td className="font-mono">{s.page_path}</td>
              <td>{s.title}</td>
              <td className="max-w-72 truncate">{s.description}</td>
              <td className="whitespace-nowrap">{date(s.created_at)}</td>
            </>
          )}
          form={(s, form) => <SeoForm {...form} initial={s && valuesFrom(s, empty)} />}
        />
      </SectionCard>
      <SiteSettingsCard />
    </div>
  );
}
