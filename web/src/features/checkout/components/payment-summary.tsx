import { methodLabel } from '../../../shared/lib/format';
import type { PaymentState } from '../../../shared/lib/payment-state';
import { Card, CardContent, CardHeader, CardTitle } from '../../../shared/ui/card';

/** What is being bought, for whom, how it is paid, and the total. */
export function PaymentSummary({ state }: { state: PaymentState }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Order Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-2 text-sm">
          {[
            ['Product', state.product],
            ['Package', state.variant],
            ['Player UID', state.playerUID],
            ['Player Name', state.playerName || '—'],
            ['WhatsApp', state.whatsappNumber || '—'],
            ['Payment Method', methodLabel(state.paymentMethod)],
          ].map(([term, value]) => (
            <div key={term} className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="break-all text-right font-medium">{value}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-3 border-t pt-2 text-base">
            <dt className="font-semibold">Total</dt>
            <dd className="font-bold text-primary">{state.price}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
