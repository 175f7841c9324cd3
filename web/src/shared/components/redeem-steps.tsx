import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { call } from '../api/client';
import { queryKey } from '../api/query-keys';

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
  const catalog = useQuery({ queryKey: queryKey('getCatalog'), queryFn: () => call('getCatalog') });
  const product = catalog.data?.products.find((p) => p.id === productId);
  if (!product || (product.redeem_steps.length === 0 && !product.redeem_url)) return null;
  const body = (
    <>
      {product.redeem_steps.length > 0 && (
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {product.redeem_steps.map((step, i) => (
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
          <ExternalLink className="h-4 w-4 shrink-0" aria-hidden="true" /> Official redeem page
        </a>
      )}
    </>
  );
  return collapsible ? (
    <details className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="redeem-steps">
      <summary className="cursor-pointer font-medium">How to redeem</summary>
      {body}
    </details>
  ) : (
    <section
      aria-labelledby="redeem-title"
      className="rounded-md border bg-muted/40 p-3 text-sm"
      data-testid="redeem-steps"
    >
      <h2 id="redeem-title" className="font-semibold">
        How to redeem
      </h2>
      {body}
    </section>
  );
}
