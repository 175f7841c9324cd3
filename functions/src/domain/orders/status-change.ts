import type { OrderStatus } from '@khelaghor/contract/facts';
import type { CodeItem, OrderItem } from '../model';

/**
 * An operator's status change (any status to any other), decided from the order and its code:
 * what happens to a held code, and whether the buyer's money comes back. Delivered codes are never
 * returned to stock.
 */
export interface StatusChange {
  to: OrderStatus;
  /** The held code: handed over (completed) or put back on the shelf (unpaid order failed/refunded). */
  code: 'deliver' | 'release' | 'keep';
  /** The order's total goes back to the buyer's wallet, exactly once. */
  refund: boolean;
}

export function decideStatusChange(
  order: Pick<OrderItem, 'id' | 'paid_at' | 'refunded_at'>,
  code: Pick<CodeItem, 'status' | 'order_id'> | undefined,
  to: OrderStatus,
): StatusChange {
  const holdsCode = code?.status === 'reserved' && code.order_id === order.id;
  const unpaidLeaving = (to === 'failed' || to === 'refunded') && !order.paid_at;
  return {
    to,
    // An operator completing a held order (e.g. an underpayment accepted) hands over its code;
    // failing or refunding an unpaid one puts the code back on the shelf.
    code: !holdsCode ? 'keep' : to === 'completed' ? 'deliver' : unpaidLeaving ? 'release' : 'keep',
    refund: to === 'refunded' && Boolean(order.paid_at) && !order.refunded_at,
  };
}
