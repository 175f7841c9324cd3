import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import { getCode } from '../../db/stock/code-item';
import { orderTransitionWrites, getOrder } from '../../db/orders/order-items';
import { deliverReservedCodeWrite, releaseCodeWrites } from '../../db/stock/code-transitions';
import { cancellationReasons, transact, WriteRefused } from '../../db/transact';
import { applyBalanceChange } from '../../db/wallet/balance';
import type { OrderStatus } from '@khelaghor/contract/facts';
import type { OrderItem } from '../../domain/model';
import { decideStatusChange } from '../../domain/orders/status-change';
import { conflict, notFound } from '../../domain/refusals';
import { getTally, walletRefundWrites } from '../../db/orders/refund-items';
import { effectiveTally, refundableRest } from '../../domain/orders/refunds';
import { spoken } from '@khelaghor/contract/api-messages';

/**
 * Admin status change (decided in domain/orders/status-change.ts). `refunded` on a paid order credits its total
 * to the buyer's wallet exactly once: the order update is conditioned on `refunded_at` not being
 * set and commits in the same transaction as the credit, the ledger entry and the refund record.
 * Leaving an unpaid order as failed/refunded also puts its held code back on the shelf;
 * `completed` on an order that holds a code delivers it.
 * Delivered codes are never returned to stock. Refunds made before (refund-order.ts) count: only
 * the rest of what was paid is credited, under the same tally condition, and not while a refund's
 * outcome is unknown (it may have reached the buyer).
 */
export async function setOrderStatus(
  deps: { db: Db; now: () => Date },
  orderId: string,
  to: OrderStatus,
  adminId = 'admin',
): Promise<OrderItem> {
  const { db } = deps;
  for (let attempt = 0; attempt < 6; attempt++) {
    const order = await getOrder(db, orderId);
    if (!order) throw notFound('Order not found');
    if (order.status === to) return order;
    const now = deps.now().toISOString();
    const code = order.code_id ? await getCode(db, order.product_variant_id, order.code_id) : undefined;
    const change = decideStatusChange(order, code, to);
    const codeWrites =
      code && change.code !== 'keep'
        ? change.code === 'deliver'
          ? [
              deliverReservedCodeWrite(
                { variant_id: code.variant_id, id: code.id, order_id: order.id },
                order.user_id,
                now,
                db.table,
              ),
            ]
          : releaseCodeWrites(
              { variant_id: code.variant_id, stock_shard: code.stock_shard, id: code.id, order_id: order.id },
              now,
              db.table,
            )
        : [];
    try {
      if (change.refund) {
        const tally = effectiveTally(order, await getTally(db, order.id));
        if (tally.held !== tally.returned)
          throw conflict(spoken('A refund of this order is waiting for confirmation: confirm it first'));
        const rest = refundableRest(order, tally);
        const id = ulid();
        const refundWrites = [
          ...orderTransitionWrites(db.table, order, to, now, { refunded_at: now }, [], 'refund'),
          ...codeWrites,
        ];
        if (rest === 0) {
          await transact(db, refundWrites);
          return (await getOrder(db, orderId))!;
        }
        const refund = { id, amount: rest, reason: 'Order status set to refunded', adminId, now };
        await applyBalanceChange(
          db,
          { userId: order.user_id, delta: rest, reason: 'refund', reference: order.id, now },
          () => [...refundWrites, ...walletRefundWrites(db.table, order, tally, refund)],
        );
      } else {
        await transact(db, [...orderTransitionWrites(db.table, order, to, now), ...codeWrites]);
      }
      return (await getOrder(db, orderId))!;
    } catch (error) {
      if (error instanceof WriteRefused || cancellationReasons(error)) continue; // moved meanwhile: decide again
      throw error;
    }
  }
  throw conflict('The order changed meanwhile. Please try again.');
}
