import { CodeDisplay } from '../../../shared/components/code-display';
import { OrderStatusBadge } from '../../../shared/components/order-status-badge';
import { localized } from '../../../shared/i18n/content';
import { useFormat } from '../../../shared/i18n/format';
import { useMethodLabel } from '../../../shared/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '../../../shared/ui/card';
import type { Order } from '../api';
import { useT } from '../messages';
import { ReceiptRows } from './receipt-rows';

/** A promo order's list price and discount, above the total it paid. */
function useDiscountRows() {
  const tr = useT();
  const { money } = useFormat();
  return (o: Pick<Order, 'promo_code' | 'list_amount' | 'discount_amount'>): Array<[string, string]> => {
    if (!o.discount_amount || o.list_amount == null) return [];
    return [
      [tr('price'), money(o.list_amount)],
      [
        o.promo_code ? tr('discountCode', { code: o.promo_code }) : tr('discount'),
        `−${money(o.discount_amount)}`,
      ],
    ];
  };
}

/** The printable receipt, with the code once delivered. */
export function OrderReceipt({ order: o, transactionId }: { order: Order; transactionId?: string | null }) {
  const tr = useT();
  const { money, date, locale } = useFormat();
  const methodLabel = useMethodLabel();
  const discountRows = useDiscountRows();
  return (
    <Card className="print-area mt-6">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-base">{tr('receipt')}</CardTitle>
        <OrderStatusBadge status={o.status} failureReason={o.failure_reason} />
      </CardHeader>
      <CardContent className="space-y-4">
        <ReceiptRows
          rows={[
            [tr('orderId'), o.id],
            [tr('transactionId'), transactionId ?? o.payment_id ?? '—'],
            // The names as they were when ordered, in Bangla when the admin gave them one.
            [tr('product'), localized(locale, o.product_name, o.product_name_bn)],
            [tr('package'), localized(locale, o.variant_name, o.variant_name_bn)],
            // A gift card's order has no account to show.
            ...((o.player_uid
              ? [
                  [tr('playerUid'), o.player_uid],
                  ...(o.player_zone ? [[tr('zone'), o.player_zone]] : []),
                  [tr('playerName'), o.player_name ?? '—'],
                ]
              : []) as Array<[string, string]>),
            // A direct top-up's proof: the supplier's (or the operator's) transaction id.
            ...((o.fulfilment?.supplier_transaction_id
              ? [[tr('topupTransactionId'), o.fulfilment.supplier_transaction_id]]
              : []) as Array<[string, string]>),
            [tr('paymentMethod'), methodLabel(o.payment_method)],
            [tr('date'), date(o.created_at)],
            ...discountRows(o),
            [tr('total'), money(o.total_amount)],
          ]}
        />
        {o.code && (
          <div>
            <p className="mb-1 text-sm font-medium">{tr('yourCode')}</p>
            <CodeDisplay code={o.code} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
