import type { ReactNode } from 'react';
import { useFormat } from '../../../shared/i18n/format';
import { useMethodLabel } from '../../../shared/lib/format';
import type { PaymentState } from '../../../shared/lib/payment-state';
import { TitledCard } from '../../../shared/ui/card';
import type { PromoQuote } from '../api';
import { useT } from '../messages';

/** What is being bought, for whom, how it is paid, and the total (after the promo code, when one is applied). */
export function PaymentSummary({
  state,
  promo,
  children,
}: {
  state: PaymentState;
  promo?: PromoQuote;
  children?: ReactNode;
}) {
  const tr = useT();
  const { money } = useFormat();
  const methodLabel = useMethodLabel();
  return (
    <TitledCard title={tr('orderSummary')} className="space-y-4">
      <dl className="space-y-2 text-sm">
        {[
          [tr('product'), state.product],
          [tr('package'), state.variant],
          ...(state.playerUID
            ? [
                [tr('playerUid'), state.playerUID],
                ...(state.playerZone ? [[tr('zone'), state.playerZone]] : []),
                [tr('playerName'), state.playerName || '—'],
              ]
            : []),
          [tr('whatsapp'), state.whatsappNumber || '—'],
          [tr('paymentMethod'), methodLabel(state.paymentMethod)],
        ].map(([term, value]) => (
          <div key={term} className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="break-all text-right font-medium">{value}</dd>
          </div>
        ))}
        {promo && (
          <>
            <div className="flex justify-between gap-3 border-t pt-2">
              <dt className="text-muted-foreground">{tr('price')}</dt>
              <dd className="text-right text-muted-foreground line-through" data-testid="list-price">
                {money(promo.list_amount)}
              </dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{tr('discountCode', { code: promo.code })}</dt>
              <dd className="text-right font-medium text-green-700">−{money(promo.discount_amount)}</dd>
            </div>
          </>
        )}
        <div className="flex justify-between gap-3 border-t pt-2 text-base">
          <dt className="font-semibold">{tr('total')}</dt>
          <dd className="font-bold text-primary" data-testid="order-total">
            {promo
              ? money(promo.total_amount)
              : typeof state.amount === 'number'
                ? money(state.amount)
                : state.price}
          </dd>
        </div>
      </dl>
      {children}
    </TitledCard>
  );
}
