import { useQuery } from '@tanstack/react-query';
import type { PageSlug } from '@khelaghor/contract/schemas/pages';
import { PAGE_DEFAULT_TITLES } from '@khelaghor/contract/schemas/pages';
import { errorMessage } from '../../shared/api/client';
import { formatDate } from '../../shared/lib/format';
import { useSeo } from '../../shared/lib/seo';
import { Skeleton } from '../../shared/ui/skeleton';
import { pageQuery } from './api';
import { PageText } from './page-text';

/** /terms, /privacy, /refund-policy and /faq: the text the admin wrote in the dashboard's Pages. */
export default function ShopPage({ slug }: { slug: PageSlug }) {
  const { data, error, isLoading } = useQuery(pageQuery(slug));
  const page = data?.page;
  const title = page?.title ?? PAGE_DEFAULT_TITLES[slug];
  useSeo(title);

  return (
    <article className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {page?.updated_at && (
        <p className="mt-1 text-sm text-muted-foreground">Last updated {formatDate(page.updated_at)}</p>
      )}
      <div className="mt-6">
        {isLoading ? (
          <div className="space-y-3" aria-label="Loading">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : error ? (
          <p className="text-destructive">{errorMessage(error)}</p>
        ) : page && (page.body || page.faq.length) ? (
          <>
            {page.body && <PageText text={page.body} />}
            {page.faq.length > 0 && (
              <div className="mt-6 space-y-2">
                {page.faq.map((item, i) => (
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
          <p className="text-muted-foreground">This page has not been written yet.</p>
        )}
      </div>
    </article>
  );
}
