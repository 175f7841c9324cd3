import type { Db } from '../../db/client';
import { getCode } from '../../db/stock/code-item';
import { getOrder } from '../../db/orders/order-items';
import { getPayment } from '../../db/payments/payment-items';
import type { OrderItem, PaymentItem } from '../../domain/model';

export interface OwnOrder {
  order: OrderItem;
  payment?: PaymentItem;
  /** The delivered code, only on a completed order and only when it was delivered to this buyer. */
  code: string | null;
}

/**
 * An order of `userId` with its payment and its code: the one ownership rule for every read of
 * "order + payment + code" (My Orders, the return page). Another user's order is undefined, exactly
 * like a missing one.
 */
export async function readOwnOrder(
  db: Db,
  orderId: string,
  userId: string,
  known: { payment?: PaymentItem } = {},
): Promise<OwnOrder | undefined> {
  const order = await getOrder(db, orderId);
  if (!order || order.user_id !== userId) return undefined;
  const payment =
    known.payment && known.payment.id === order.payment_id
      ? known.payment
      : order.payment_id
        ? await getPayment(db, order.payment_id)
        : undefined;
  let code: string | null = null;
  if (order.status === 'completed' && order.code_id) {
    const item = await getCode(db, order.product_variant_id, order.code_id);
    if (item && item.order_id === order.id && item.user_id === userId) code = item.code;
  }
  return { order, payment, code };
}
