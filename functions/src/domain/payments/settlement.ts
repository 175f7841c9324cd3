import type { UnexpectedReason } from '@khelaghor/contract/facts';
import type { OrderItem, PaymentItem } from '../model';

/** What the gateway's verify call said about an invoice (never a webhook body). */
export interface VerifiedAnswer {
  invoiceId: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED';
  /** Paid, in poisha. */
  amount: number;
  metadata: Record<string, unknown>;
  paymentMethod: string | null;
  senderNumber: string | null;
  transactionId: string | null;
}

/**
 * What a verified answer means for a payment, its order and the order's held code: the webhook
 * settlement's decision, made from plain data (use-cases/payments/settle-payment.ts carries it out).
 */
export type Settlement =
  /** Nothing to do: already settled, or an answer that moves nothing. */
  | { kind: 'unchanged' }
  /** The payer has not finished paying yet. */
  | { kind: 'pending' }
  /** A paid invoice that is not the payment's own: recorded and credited as an unexpected payment. */
  | { kind: 'foreign'; reason: Extract<UnexpectedReason, 'second_invoice' | 'mismatch'> }
  /**
   * The payment failed: the order fails and its held code goes back. 'cancelled' when the gateway
   * holds no transaction for it (the payer left the gateway's page, by its Cancel, without paying).
   */
  | { kind: 'fail'; reason: 'cancelled' | 'payment_failed' }
  /** Paid less than asked: an operator decides; nothing is delivered or credited. */
  | { kind: 'review' }
  /** A top-up: the amount goes to the wallet. */
  | { kind: 'credit_topup'; excess: number }
  /**
   * An order a supplier or an operator fulfils (issue 31), not served or refunded yet: it becomes
   * `processing` and its supplier-order record is written, in the payment's transaction.
   */
  | { kind: 'start_fulfilment'; excess: number }
  /** The order still holds its code: deliver it. */
  | { kind: 'deliver_held'; excess: number }
  /** The money came after the hold ended: another code if one is left, else the money to the wallet. */
  | { kind: 'late'; excess: number };

/** A COMPLETED answer may settle a payment still pending, or one the sweeper expired (late payment). */
const SETTLEABLE: readonly PaymentItem['status'][] = ['pending', 'failed'];

/** True when `v` is the invoice of the charge the shop created for `payment`. */
export function isChargeInvoice(payment: PaymentItem, v: VerifiedAnswer): boolean {
  const stored = payment.invoice_hint ?? payment.invoice_id;
  if (stored) return stored === v.invoiceId;
  // A checkout URL that carried no invoice id: the first verified invoice with our metadata and
  // the exact amount becomes the payment's invoice (stored by the settlement).
  return v.metadata.payment_id === payment.id && v.amount === payment.amount;
}

export function decideSettlement(input: {
  payment: PaymentItem;
  verified: VerifiedAnswer;
  /** The payment's order, when it has one. */
  order?: Pick<OrderItem, 'status'> & Partial<Pick<OrderItem, 'fulfilment' | 'refunded_at' | 'paid_at'>>;
  /** The order still holds the code reserved for it. */
  holdsCode?: boolean;
}): Settlement {
  const { payment, verified: v, order } = input;
  if (!isChargeInvoice(payment, v)) {
    if (v.status !== 'COMPLETED' || v.amount <= 0) return { kind: 'unchanged' };
    const sameCharge = v.metadata.payment_id === payment.id && v.amount === payment.amount;
    return { kind: 'foreign', reason: sameCharge ? 'second_invoice' : 'mismatch' };
  }
  if (v.status === 'PENDING') return { kind: 'pending' };
  if (v.status === 'FAILED') {
    if (payment.status !== 'pending') return { kind: 'unchanged' };
    return { kind: 'fail', reason: v.transactionId ? 'payment_failed' : 'cancelled' };
  }
  if (!SETTLEABLE.includes(payment.status)) return { kind: 'unchanged' };
  if (v.amount < payment.amount) return { kind: 'review' };
  const excess = v.amount - payment.amount;
  if (payment.kind === 'topup') return { kind: 'credit_topup', excess };
  // Nothing is held for it: paid in the window or after it expired, it is fulfilled the same way.
  if (
    order?.fulfilment &&
    (order.status === 'pending' || order.status === 'failed') &&
    !order.refunded_at &&
    !order.paid_at
  )
    return { kind: 'start_fulfilment', excess };
  const open = order?.status === 'pending' || order?.status === 'processing';
  return open && input.holdsCode ? { kind: 'deliver_held', excess } : { kind: 'late', excess };
}

/** A late payment may still buy another code for an order that was not served. */
export const mayClaimAnotherCode = (order: Pick<OrderItem, 'status'>) =>
  order.status === 'failed' || order.status === 'pending' || order.status === 'processing';

/** A late payment with no code left refunds an order that was neither served nor refunded. */
export const lateRefundsOrder = (order: Pick<OrderItem, 'status' | 'refunded_at'>) =>
  order.status !== 'completed' && order.status !== 'refunded' && !order.refunded_at;
