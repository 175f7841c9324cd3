import type { Refund } from '@khelaghor/contract/schemas/refunds';
import type * as z from '@khelaghor/contract/zod';
import type { OrderRefunds } from '@khelaghor/contract/schemas/refunds';
import type { Db } from '../../db/client';
import { getOrder } from '../../db/orders/order-items';
import { getTally, listRefunds } from '../../db/orders/refund-items';
import { getPayment } from '../../db/payments/payment-items';
import {
  effectiveTally,
  originalPayment,
  paidFor,
  refundableRest,
  type RefundRecord,
} from '../../domain/orders/refunds';
import { notFound } from '../../domain/refusals';

export const refundView = (r: RefundRecord): Refund => ({
  id: r.id,
  order_id: r.order_id,
  amount: r.amount,
  destination: r.destination,
  state: r.state,
  method: r.method,
  reason: r.reason,
  message: r.message,
  trx_id: r.trx_id,
  admin_id: r.admin_id,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** An order's refunds with the sums the Refund dialog needs. */
export async function orderRefunds(db: Db, orderId: string): Promise<z.input<typeof OrderRefunds>> {
  const order = await getOrder(db, orderId);
  if (!order) throw notFound('Order not found');
  const [stored, records, payment] = await Promise.all([
    getTally(db, orderId),
    listRefunds(db, orderId),
    order.payment_id ? getPayment(db, order.payment_id) : undefined,
  ]);
  const tally = effectiveTally(order, stored);
  return {
    order_id: order.id,
    paid: paidFor(order),
    held: tally.held,
    returned: tally.returned,
    refundable: refundableRest(order, tally),
    original_method: originalPayment(order, payment)?.payment_method ?? null,
    items: records.map(refundView),
  };
}
