import { Info } from 'lucide-react';
import { localized } from '../../../shared/i18n/content';
import { useLocale } from '../../../shared/i18n/i18n';
import { useFormat } from '../../../shared/i18n/format';
import type { Product } from '../api';
import { useT } from '../product/messages';

/**
 * What the buyer gets with the chosen package: a code to redeem and where, or a top-up delivered
 * to the game account within the promised minutes (a supplier's or an operator's); and the
 * product's own description.
 */
export function ProductInfo({
  product,
  variant,
}: {
  product: Pick<Product, 'description' | 'description_bn' | 'account_fields' | 'redeem_url'>;
  variant?: Pick<Product['variants'][number], 'delivery' | 'delivery_minutes'>;
}) {
  const t = useT();
  const locale = useLocale();
  const { number } = useFormat();
  const topup = variant?.delivery === 'game_account';
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
        {topup ? (
          <li>{t('infoTopup', { minutes: number(variant.delivery_minutes ?? 0) })}</li>
        ) : (
          <li>{t('infoCode')}</li>
        )}
        {product.account_fields !== 'none' && <li>{t('infoCheckUid')}</li>}
        <li>{topup ? t('infoTopupProcessing') : t('infoMyCodes')}</li>
      </ul>
      {product.redeem_url && !topup && (
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
