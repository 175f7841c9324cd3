import { Info } from 'lucide-react';
import type { Product } from '../api';

/**
 * What the buyer gets: a code to redeem (the shop never tops up an account itself), where to
 * redeem it, and the product's own description.
 */
export function ProductInfo({ product }: { product: Pick<Product, 'description' | 'account_fields' | 'redeem_url'> }) {
  return (
    <section aria-labelledby="product-info" className="rounded-lg border bg-blue-50 p-4 text-sm text-blue-950">
      <h2 id="product-info" className="flex items-center gap-2 font-semibold">
        <Info className="h-4 w-4" aria-hidden="true" /> Product Information
      </h2>
      {product.description && <p className="mt-2 whitespace-pre-line">{product.description}</p>}
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>You get a code in under 1 minute after payment, to redeem on the official site.</li>
        {product.account_fields !== 'none' && <li>Double-check your Player UID before you pay.</li>}
        <li>Your code also appears under My Codes, with the steps to redeem it.</li>
      </ul>
      {product.redeem_url && (
        <p className="mt-2 break-all">
          Redeem at{' '}
          <a href={product.redeem_url} target="_blank" rel="noopener noreferrer" className="font-medium underline">
            {product.redeem_url}
          </a>
        </p>
      )}
    </section>
  );
}
