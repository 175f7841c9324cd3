import { formatTaka } from '@khelaghor/contract/taka';
import type { ReactNode } from 'react';
import { methodLabel } from '../../../shared/lib/format';
import type { PaymentState } from '../../../shared/lib/payment-state';
import { Card, CardContent, CardHeader, CardTitle } from '../../../shared/ui/card';
import type { PromoQuote } from '../api';

/** What is being bought, for whom, how it is paid, and the total (after the promo code, when one is applied). */
export function PaymentSummary({ state, promo, children }: { state: PaymentState; promo?: PromoQuote; children?: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="space-y-2 text-sm">
          {[
            ['Product', state.product],
            ['Package', state.variant],
            ...(state.playerUID
              ? [
                  ['Player UID', state.playerUID],
                  ...(state.playerZone ? [['Zone', state.playerZone]] : []),
                  ['Player Name', state.playerName || '—'],
                ]
              : []),
            ['WhatsApp', state.whatsappNumber || '—'],
            ['Payment Method', methodLabel(state.paymentMethod)],
          ].map(([term, value]) => (
            <div key={term} className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="break-all text-right font-medium">{value}</dd>
            </div>
          ))}
          {promo && (
            <>
              <div className="flex justify-between gap-3 border-t pt-2">
                <dt className="text-muted-foreground">Price</dt>
                <dd className="text-right text-muted-foreground line-through" data-testid="list-price">
                  {formatTaka(promo.list_amount)}
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">Discount ({promo.code})</dt>
                <dd className="text-right font-medium text-green-700">−{formatTaka(promo.discount_amount)}</dd>
              </div>
            </>
          )}
          <div className="flex justify-between gap-3 border-t pt-2 text-base">
            <dt className="font-semibold">Total</dt>
            <dd className="font-bold text-primary" data-testid="order-total">
              {promo ? formatTaka(promo.total_amount) : state.price}
            </dd>
          </div>
        </dl>
        {children}
      </CardContent>
    </Card>
  );
}
