import type { RefundDestination, RefundState } from '@khelaghor/contract/schemas/refunds';
import { formatTaka } from '@khelaghor/contract/money';
import { spoken } from '@khelaghor/contract/api-messages';
import { isGatewayMethod } from '@khelaghor/contract/facts';
import type { OrderItem, PaymentItem } from '../model';
import { businessRule, conflict } from '../refusals';

/**
 * The refund rules of a paid order (issue 34): every refund not refused counts against what was
 * paid (`held`), so the sum of refunds can never pass it, whatever their destinations; only `sent`
 * ones count as returned; the order is `refunded` once everything paid is returned.
 */
export interface RefundTally {
  /** Σ amounts of refunds in sending, unknown or sent. */
  held: number;
  /** Σ amounts of sent refunds. */
  returned: number;
  /** False when no tally item exists yet (its first write is a put). */
  stored: boolean;
}

export interface RefundRecord {
  type: 'refund';
  id: string;
  order_id: string;
  user_id: string;
  amount: number;
  destination: RefundDestination;
  state: RefundState;
  method: string | null;
  reason: string;
  message: string | null;
  trx_id: string | null;
  /** The gateway payment's transaction id (original destination). */
  transaction_id?: string;
  admin_id: string;
  created_at: string;
  updated_at: string;
}

/** What the buyer paid for the order (0 when unpaid). */
export const paidFor = (order: Pick<OrderItem, 'paid_at' | 'total_amount'>) =>
  order.paid_at ? order.total_amount : 0;

/**
 * The tally as it stands. An order refunded before refund records existed (refunded_at, no tally)
 * was refunded whole to the wallet.
 */
export function effectiveTally(
  order: Pick<OrderItem, 'paid_at' | 'total_amount' | 'refunded_at'>,
  stored: { held: number; returned: number } | undefined,
): RefundTally {
  if (stored) return { ...stored, stored: true };
  if (order.refunded_at) return { held: paidFor(order), returned: paidFor(order), stored: false };
  return { held: 0, returned: 0, stored: false };
}

export const refundableRest = (order: Pick<OrderItem, 'paid_at' | 'total_amount'>, tally: RefundTally) =>
  Math.max(0, paidFor(order) - tally.held);

/** The gateway payment an original-method refund goes back to, or undefined when there is none. */
export function originalPayment(
  order: Pick<OrderItem, 'payment_method'>,
  payment: PaymentItem | undefined,
): (PaymentItem & { transaction_id: string }) | undefined {
  if (!isGatewayMethod(order.payment_method) || !payment) return undefined;
  if (payment.kind !== 'order' || payment.payment_provider !== 'uddoktapay') return undefined;
  if (payment.status !== 'completed' || !payment.transaction_id) return undefined;
  return payment as PaymentItem & { transaction_id: string };
}

/** Refuses a refund the order cannot take; returns nothing when it may go ahead. */
export function checkRefund(
  order: Pick<OrderItem, 'paid_at' | 'total_amount' | 'payment_method'>,
  tally: RefundTally,
  payment: PaymentItem | undefined,
  req: { amount: number; destination: RefundDestination },
): void {
  if (!order.paid_at) throw conflict(spoken('This order was not paid: there is nothing to refund'));
  const rest = refundableRest(order, tally);
  if (req.amount > rest)
    throw businessRule(spoken(`Only ${formatTaka(rest)} of this order can still be refunded`));
  if (req.destination === 'original' && !originalPayment(order, payment))
    throw conflict(
      spoken('This order was not paid through the gateway: refund it to the wallet or by Send Money'),
    );
}

/** The tally after a refund moves from one state to another (undefined: a new refund). */
export function tallyAfter(
  tally: RefundTally,
  amount: number,
  from: RefundState | undefined,
  to: RefundState,
): { held: number; returned: number } {
  const counts = (s: RefundState | undefined) => (s === undefined || s === 'refused' ? 0 : 1);
  const returns = (s: RefundState | undefined) => (s === 'sent' ? 1 : 0);
  return {
    held: tally.held + amount * (counts(to) - counts(from)),
    returned: tally.returned + amount * (returns(to) - returns(from)),
  };
}
