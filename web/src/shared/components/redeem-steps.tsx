import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { call } from '../api/client';
import { queryKey } from '../api/query-keys';
import { localizedList } from '../i18n/content';
import { useLocale } from '../i18n/i18n';
import { useT } from './messages';

/**
 * How to redeem a delivered code: the product's own steps and official redeem link, as the admin
 * wrote them (DESIGN 11). Read from the catalogue answer the home page already caches (the same
 * query key), so a success page or My Codes costs no extra call after browsing.
 */
export function RedeemSteps({
  productId,
  collapsible = false,
}: {
  productId: string | null;
  collapsible?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const catalog = useQuery({ queryKey: queryKey('getCatalog'), queryFn: () => call('getCatalog') });
  const product = catalog.data?.products.find((p) => p.id === productId);
  if (!product || (product.redeem_steps.length === 0 && !product.redeem_url)) return null;
  const steps = localizedList(locale, product.redeem_steps, product.redeem_steps_bn);
  const body = (
    <>
      {steps.length > 0 && (
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {steps.map((step, i) => (
            <li key={i}>{step}</li>
          ))}
        </ol>
      )}
      {product.redeem_url && (
        <a
          href={product.redeem_url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-flex items-center gap-1 break-all font-medium text-primary underline"
        >
          <ExternalLink className="h-4 w-4 shrink-0" aria-hidden="true" /> {t('officialRedeemPage')}
        </a>
      )}
    </>
  );
  return collapsible ? (
    <details className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="redeem-steps">
      <summary className="cursor-pointer font-medium">{t('howToRedeem')}</summary>
      {body}
    </details>
  ) : (
    <section
      aria-labelledby="redeem-title"
      className="rounded-md border bg-muted/40 p-3 text-sm"
      data-testid="redeem-steps"
    >
      <h2 id="redeem-title" className="font-semibold">
        {t('howToRedeem')}
      </h2>
      {body}
    </section>
  );
}
