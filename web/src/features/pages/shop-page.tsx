import { useQuery } from '@tanstack/react-query';
import type { FaqItem } from '@khelaghor/contract/schemas/pages';
import { PAGE_DEFAULT_TITLES, type PageSlug } from '@khelaghor/contract/page-facts';
import { errorMessage } from '../../shared/api/client';
import { localized } from '../../shared/i18n/content';
import { useFormat } from '../../shared/i18n/format';
import { useSeo } from '../../shared/lib/seo';
import { Skeleton } from '../../shared/ui/skeleton';
import { pageQuery } from './api';
import { useT } from './messages';
import { PageText } from './page-text';

/** The title a page has until the admin saves one, in the page's language (English: PAGE_DEFAULT_TITLES). */
const TITLE_KEYS = {
  terms: 'titleTerms',
  privacy: 'titlePrivacy',
  refund: 'titleRefund',
  faq: 'titleFaq',
} as const satisfies Record<PageSlug, string>;

/** The admin's Bangla questions when there are any, else the English ones. */
const localizedFaq = (locale: string, en: FaqItem[], bn: FaqItem[] | undefined): FaqItem[] =>
  locale === 'bn' && bn?.some((item) => item.question.trim()) ? bn : en;

/**
 * /terms, /privacy, /refund-policy and /faq: the text the admin wrote in the dashboard's Pages, in
 * Bangla where the admin wrote a Bangla version.
 */
export default function ShopPage({ slug }: { slug: PageSlug }) {
  const t = useT();
  const { locale, date } = useFormat();
  const { data, error, isLoading } = useQuery(pageQuery(slug));
  const page = data?.page;
  const defaultTitle = t(TITLE_KEYS[slug]);
  // A title the admin never changed reads as the default in either language.
  const englishTitle = page && page.title !== PAGE_DEFAULT_TITLES[slug] ? page.title : defaultTitle;
  const title = localized(locale, englishTitle, page?.title_bn);
  const body = page ? localized(locale, page.body, page.body_bn) : '';
  const faq = page ? localizedFaq(locale, page.faq, page.faq_bn) : [];
  useSeo(title);

  return (
    <article className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {page?.updated_at && (
        <p className="mt-1 text-sm text-muted-foreground">
          {t('lastUpdated', { date: date(page.updated_at) })}
        </p>
      )}
      <div className="mt-6">
        {isLoading ? (
          <div className="space-y-3" aria-label={t('loading')}>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : error ? (
          <p className="text-destructive">{errorMessage(error)}</p>
        ) : body || faq.length ? (
          <>
            {body && <PageText text={body} />}
            {faq.length > 0 && (
              <div className="mt-6 space-y-2">
                {faq.map((item, i) => (
                  <details key={i} className="group rounded-lg border bg-white p-4" open={i === 0}>
                    <summary className="cursor-pointer font-semibold text-slate-900">{item.question}</summary>
                    <p className="mt-2 whitespace-pre-line text-[15px] leading-relaxed text-slate-700">
                      {item.answer}
                    </p>
                  </details>
                ))}
              </div>
            )}
          </>
        ) : (
          <p className="text-muted-foreground">{t('notWritten')}</p>
        )}
      </div>
    </article>
  );
}
