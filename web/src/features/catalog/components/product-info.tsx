import { Info } from 'lucide-react';
import { localized } from '../../../shared/i18n/content';
import { useLocale } from '../../../shared/i18n/i18n';
import type { Product } from '../api';
import { useT } from '../product/messages';

/**
 * What the buyer gets: a code to redeem (the shop never tops up an account itself), where to
 * redeem it, and the product's own description.
 */
export function ProductInfo({
  product,
}: {
  product: Pick<Product, 'description' | 'description_bn' | 'account_fields' | 'redeem_url'>;
}) {
  const t = useT();
  const locale = useLocale();
  const description = product.description
    ? localized(locale, product.description, product.description_bn)
    : null;
  return (
    <section
      aria-labelledby="product-info"
      className="rounded-lg border bg-blue-50 p-4 text-sm text-blue-950"
    >
      <h2 id="product-info" className="flex items-center gap-2 font-semibold">
        <Info className="h-4 w-4" aria-hidden="true" /> {t('productInformation')}
      </h2>
      {description && <p className="mt-2 whitespace-pre-line">{description}</p>}
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>{t('infoCode')}</li>
        {product.account_fields !== 'none' && <li>{t('infoCheckUid')}</li>}
        <li>{t('infoMyCodes')}</li>
      </ul>
      {product.redeem_url && (
        <p className="mt-2 break-all">
          {t('redeemAt')}{' '}
          <a
            href={product.redeem_url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium underline"
          >
            {product.redeem_url}
          </a>
        </p>
      )}
    </section>
  );
}
