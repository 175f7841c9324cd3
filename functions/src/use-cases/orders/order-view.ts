import type { Order } from '@khelaghor/contract/schemas/orders';
import type { OrderItem } from '../../db/orders/order-items';
import type { PaymentItem } from '../../db/payments/payment-items';
import { deliveryOf, isDeferred } from '../../domain/fulfilment/variant-fulfilment';

/**
 * A supplier's or an operator's fulfilment as the buyer sees it (issue 31): the transaction id
 * once completed, the promised minutes (an operator's: the default promise; the product page
 * shows the shop's current setting). None for codes from stock.
 */
function fulfilmentView(o: OrderItem): Order['fulfilment'] {
  if (!o.fulfilment || !isDeferred(o.fulfilment)) return null;
  return {
    kind: o.fulfilment.kind,
    supplier_transaction_id: o.supplier_transaction_id ?? null,
    delivery_minutes: deliveryOf(o.fulfilment).delivery_minutes,
  };
}

/** The API shape of an order (the code only when the caller may see it). */
export function orderView(o: OrderItem, extra: { payment?: PaymentItem; code?: string | null } = {}): Order {
  return {
    id: o.id,
    status: o.status,
    product_id: o.product_id,
    product_variant_id: o.product_variant_id,
    product_name: o.product_name,
    variant_name: o.variant_name,
    product_name_bn: o.product_name_bn ?? null,
    variant_name_bn: o.variant_name_bn ?? null,
    player_uid: o.player_uid,
    ...(o.player_zone && { player_zone: o.player_zone }),
    player_name: o.player_name ?? null,
    whatsapp_number: o.whatsapp_number ?? null,
    quantity: 1,
    total_amount: o.total_amount,
    ...(o.promo_code && {
      promo_code: o.promo_code,
      list_amount: o.list_amount ?? null,
      discount_amount: o.discount_amount ?? null,
    }),
    payment_method: o.payment_method,
    payment_id: o.payment_id ?? null,
    payment_status:
      extra.payment?.status ?? (o.payment_method === 'wallet' && o.paid_at ? 'completed' : null),
    failure_reason: o.failure_reason ?? null,
    ...(unpaid(o, extra.payment) && {
      payment_url: extra.payment.payment_url ?? null,
      hold_until: extra.payment.hold_until ?? null,
    }),
    code: extra.code ?? null,
    fulfilment: fulfilmentView(o),
    created_at: o.created_at,
    updated_at: o.updated_at,
  };
}

export function adminOrderView(o: OrderItem) {
  return {
    ...orderView(o),
    user_id: o.user_id,
    user_email: o.user_email || null,
    user_name: o.user_name || null,
  };
}

/** A gateway order still waiting for its payment: the buyer may complete it or cancel it. */
function unpaid(o: OrderItem, p: PaymentItem | undefined): p is PaymentItem {
  return o.status === 'pending' && p?.status === 'pending' && p.kind === 'order';
}
