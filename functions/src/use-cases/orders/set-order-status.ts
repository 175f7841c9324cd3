import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import {
  getCode,
  getOrder,
  type OrderItem,
  type OrderStatus,
  type PaymentItem,
} from '../../db/commerce-repo';
import { cancellationReasons } from '../../db/transact';
import { conflict, notFound } from '../../domain/refusals';
import type { TransactItem } from '../../db/transact';
import { deliverReservedCodeItem, releaseCodeItems } from '../../db/stock/code-transitions';
import { applyBalanceChange, ExtraConditionFailed } from '../../db/wallet/balance';
import { orderTransitionItems, putPaymentItem } from '../../db/orders/order-items';

/**
 * Admin status change (any status to any other). `refunded` on a paid order credits its total
 * to the buyer's wallet exactly once: the order update is conditioned on `refunded_at` not being
 * set and commits in the same transaction as the credit, the ledger entry and the refund record.
 * Leaving an unpaid order as failed/refunded also puts its held code back on the shelf;
 * `completed` on an order that holds a code delivers it.
 * Delivered codes are never returned to stock.
 */
export async function setOrderStatus(
  deps: { db: Db; now: () => Date },
  orderId: string,
  to: OrderStatus,
): Promise<OrderItem> {
  const { db } = deps;
  for (let attempt = 0; attempt < 6; attempt++) {
    const order = await getOrder(db, orderId);
    if (!order) throw notFound('Order not found');
    if (order.status === to) return order;
    const now = deps.now().toISOString();
    const extra: TransactItem[] = [];
    const code = order.code_id ? await getCode(db, order.product_variant_id, order.code_id) : undefined;
    if (code?.status === 'reserved' && code.order_id === order.id) {
      const ref = {
        variant_id: code.variant_id,
        product_id: code.product_id,
        id: code.id,
        order_id: order.id,
      };
      // An operator completing a held order (e.g. an underpayment accepted) hands over its code;
      // failing or refunding an unpaid one puts the code back on the shelf.
      if (to === 'completed') extra.push(deliverReservedCodeItem(ref, order.user_id, now, db.table));
      else if ((to === 'failed' || to === 'refunded') && !order.paid_at)
        extra.push(...releaseCodeItems(ref, now, db.table));
    }
    try {
      if (to === 'refunded' && order.paid_at && !order.refunded_at) {
        const refund: PaymentItem = {
          type: 'payment',
          id: ulid(),
          kind: 'refund',
          order_id: order.id,
          user_id: order.user_id,
          user_email: order.user_email,
          amount: order.total_amount,
          payment_method: 'wallet',
          payment_provider: 'admin',
          status: 'completed',
          created_at: now,
          updated_at: now,
        };
        const [guarded, ...released] = orderTransitionItems(db.table, order, to, now, { refunded_at: now });
        guarded!.Update!.ConditionExpression += ' AND attribute_not_exists(refunded_at)';
        await applyBalanceChange(
          db,
          { userId: order.user_id, delta: order.total_amount, reason: 'refund', reference: order.id, now },
          () => [guarded!, ...released, putPaymentItem(db.table, refund), ...extra],
        );
      } else {
        await db.doc.send(
          new TransactWriteCommand({
            TransactItems: [...orderTransitionItems(db.table, order, to, now), ...extra],
          }),
        );
      }
      return (await getOrder(db, orderId))!;
    } catch (error) {
      if (error instanceof ExtraConditionFailed || cancellationReasons(error)) continue; // moved meanwhile: decide again
      throw error;
    }
  }
  throw conflict('The order changed meanwhile. Please try again.');
}
