import { formatTaka } from '@khelaghor/contract/taka';
import { CodeDisplay } from '../../../shared/components/code-display';
import { OrderStatusBadge } from '../../../shared/components/order-status-badge';
import { formatDate, methodLabel } from '../../../shared/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '../../../shared/ui/card';
import type { Order } from '../api';
import { ReceiptRows } from './receipt-rows';

/** A promo order's list price and discount, above the total it paid. */
export function discountRows(o: Pick<Order, 'promo_code' | 'list_amount' | 'discount_amount'>): Array<[string, string]> {
  if (!o.discount_amount || o.list_amount == null) return [];
  return [
    ['Price', formatTaka(o.list_amount)],
    [`Discount${o.promo_code ? ` (${o.promo_code})` : ''}`, `−${formatTaka(o.discount_amount)}`],
  ];
}

/** The printable receipt, with the code once delivered. */
export function OrderReceipt({ order: o, transactionId }: { order: Order; transactionId?: string | null }) {
  return (
    <Card className="print-area mt-6">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-base">Receipt</CardTitle>
        <OrderStatusBadge status={o.status} />
      </CardHeader>
      <CardContent className="space-y-4">
        <ReceiptRows
          rows={[
            ['Order ID', o.id],
            ['Transaction ID', transactionId ?? o.payment_id ?? '—'],
            ['Product', o.product_name],
            ['Package', o.variant_name],
            // A gift card's order has no account to show.
            ...((o.player_uid
              ? [
                  ['Player UID', o.player_uid],
                  ...(o.player_zone ? [['Zone', o.player_zone]] : []),
                  ['Player Name', o.player_name ?? '—'],
                ]
              : []) as Array<[string, string]>),
            ['Payment Method', methodLabel(o.payment_method)],
            ['Date', formatDate(o.created_at)],
            ...discountRows(o),
            ['Total', formatTaka(o.total_amount)],
          ]}
        />
        {o.code && (
          <div>
            <p className="mb-1 text-sm font-medium">Your code</p>
            <CodeDisplay code={o.code} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
