import { REFUND_SENDING_LOST_MS, type RefundDestination } from '@khelaghor/contract/schemas/refunds';
import type { Db } from '../../db/client';
import { getOrder, orderTransitionWrites } from '../../db/orders/order-items';
import { getPayment, putPaymentWrite } from '../../db/payments/payment-items';
import {
  getRefund,
  getTally,
  putRefundWrite,
  refundStateWrite,
  tallyWrite,
} from '../../db/orders/refund-items';
import { cancellationReasons, transact, WriteRefused, type Write } from '../../db/transact';
import { applyBalanceChange } from '../../db/wallet/balance';
import type { OrderItem } from '../../domain/model';
import {
  checkRefund,
  effectiveTally,
  originalPayment,
  paidFor,
  tallyAfter,
  type RefundRecord,
} from '../../domain/orders/refunds';
import { spoken } from '@khelaghor/contract/api-messages';
import { conflict, notFound } from '../../domain/refusals';
import type { RefundGateway } from '../../clients/uddoktapay-refund';

export interface RefundDeps {
  db: Db;
  now: () => Date;
  /** The gateway's refund call (only an original-method refund asks for it). */
  refundCall: () => Promise<RefundGateway>;
}

export interface RefundRequest {
  orderId: string;
  requestId: string;
  amount: number;
  destination: RefundDestination;
  reason: string;
  trxId?: string;
  adminId: string;
}

const ATTEMPTS = 6;
const moved = (error: unknown) =>
  (error instanceof WriteRefused && error.has('refund_tally', 'order', 'balance')) ||
  (!(error instanceof WriteRefused) && Boolean(cancellationReasons(error)));

/**
 * A request id answers with its refund only for the same refund: reused for another amount,
 * destination or TrxID (an admin who changed the form after a failed try) it is refused, never
 * read as done.
 */
function sameRequest(existing: RefundRecord, req: RefundRequest): RefundRecord {
  const trxId = req.trxId?.toUpperCase() ?? null;
  if (existing.amount !== req.amount || existing.destination !== req.destination || existing.trx_id !== trxId)
    throw conflict(spoken('This refund request was already used for a different refund. Please reload.'));
  return existing;
}

/**
 * Refund (part of) a paid order. The record is written before any money moves, with the tally
 * condition that keeps the sum of refunds within what was paid. Wallet and Send Money refunds are
 * `sent` in that same transaction (the wallet's credit and ledger entry with it); an original-method
 * refund is `sending`, then the gateway is called once and its answer recorded. A retry of the same
 * request (same request id) finds the record and returns it: the gateway is never called twice.
 */
export async function refundOrder(deps: RefundDeps, req: RefundRequest): Promise<RefundRecord> {
  const { db } = deps;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const existing = await getRefund(db, req.orderId, req.requestId);
    if (existing) return sameRequest(existing, req);
    const order = await getOrder(db, req.orderId);
    if (!order) throw notFound('Order not found');
    const [stored, payment] = await Promise.all([
      getTally(db, order.id),
      order.payment_id ? getPayment(db, order.payment_id) : undefined,
    ]);
    const tally = effectiveTally(order, stored);
    checkRefund(order, tally, payment, req);
    const original = req.destination === 'original' ? originalPayment(order, payment) : undefined;
    const now = deps.now().toISOString();
    const record: RefundRecord = {
      type: 'refund',
      id: req.requestId,
      order_id: order.id,
      user_id: order.user_id,
      amount: req.amount,
      destination: req.destination,
      state: original ? 'sending' : 'sent',
      method: original ? original.payment_method : req.destination === 'send_money' ? 'send_money' : 'wallet',
      reason: req.reason,
      message: null,
      trx_id: req.trxId?.toUpperCase() ?? null,
      ...(original && { transaction_id: original.transaction_id }),
      admin_id: req.adminId,
      created_at: now,
      updated_at: now,
    };
    const after = tallyAfter(tally, req.amount, undefined, record.state);
    const writes = [
      putRefundWrite(db.table, record),
      tallyWrite(db.table, order.id, tally, after, now),
      ...orderWrites(db.table, order, after.returned, now),
    ];
    try {
      if (req.destination === 'wallet') {
        await applyBalanceChange(
          db,
          { userId: order.user_id, delta: req.amount, reason: 'refund', reference: order.id, now },
          () => [...writes, putPaymentWrite(db.table, walletRefundPayment(order, record))],
        );
      } else {
        await transact(db, writes);
      }
    } catch (error) {
      if (error instanceof WriteRefused && error.has('refund')) continue; // the same request won: read it
      if (moved(error)) continue; // another refund or status change came first: decide again
      throw error;
    }
    if (!original) return record;
    const answer = await (
      await deps.refundCall()
    )({
      transactionId: original.transaction_id,
      paymentMethod: original.payment_method,
      amount: record.amount,
      productName: `${order.product_name} - ${order.variant_name}`.slice(0, 100),
      reason: record.reason,
    });
    const to = answer.outcome === 'sent' ? 'sent' : answer.outcome === 'refused' ? 'refused' : 'unknown';
    return settleRefund(deps, record, 'sending', to, answer.message || null);
  }
  throw conflict(spoken('The order changed meanwhile. Please try again.'));
}

/**
 * Move a refund from `from` to `to` with the tally (and the order, once everything paid is
 * returned) in one transaction. Used for the gateway's answer and for an admin's confirmation.
 */
async function settleRefund(
  deps: Pick<RefundDeps, 'db' | 'now'>,
  record: Pick<RefundRecord, 'order_id' | 'id'>,
  from: RefundRecord['state'],
  to: RefundRecord['state'],
  message: string | null,
): Promise<RefundRecord> {
  const { db } = deps;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await getRefund(db, record.order_id, record.id);
    if (!current) throw notFound(spoken('Refund not found'));
    if (current.state !== from) {
      if (current.state === to) return current;
      throw conflict(spoken(`This refund is already ${current.state}`));
    }
    const order = (await getOrder(db, record.order_id))!;
    const tally = effectiveTally(order, await getTally(db, order.id));
    const after = tallyAfter(tally, current.amount, from, to);
    const now = deps.now().toISOString();
    try {
      await transact(db, [
        refundStateWrite(db.table, current, from, to, message, now),
        tallyWrite(db.table, order.id, tally, after, now),
        ...(to === 'sent' ? orderWrites(db.table, order, after.returned, now) : []),
      ]);
      return { ...current, state: to, message, updated_at: now };
    } catch (error) {
      if (error instanceof WriteRefused && error.has('refund')) continue;
      if (moved(error)) continue;
      throw error;
    }
  }
  throw conflict(spoken('The order changed meanwhile. Please try again.'));
}

/**
 * Everything paid is back with the buyer: the order becomes `refunded` (once: `refunded_at`).
 * What may still be refunded is the tally's alone (its condition in the same transaction): an order
 * marked refunded while a refund of it was unknown (a failed supplier order refunds only what the
 * tally has not counted) owes the buyer that refund's amount again once the gateway refused it.
 */
function orderWrites(table: string, order: OrderItem, returned: number, now: string): Write[] {
  if (returned >= paidFor(order) && !order.refunded_at)
    return orderTransitionWrites(table, order, 'refunded', now, { refunded_at: now }, [], 'refund');
  return [];
}

/** The payment record Payment Management lists for a wallet refund (as the status change writes). */
function walletRefundPayment(order: OrderItem, record: RefundRecord) {
  return {
    type: 'payment' as const,
    id: record.id,
    kind: 'refund' as const,
    order_id: order.id,
    user_id: order.user_id,
    user_email: order.user_email,
    amount: record.amount,
    payment_method: 'wallet',
    payment_provider: 'admin' as const,
    status: 'completed' as const,
    note: record.reason,
    created_at: record.created_at,
    updated_at: record.created_at,
  };
}

/**
 * An admin's word on an unknown refund, read from the gateway's panel: `sent` counts it as
 * returned, `refused` frees its amount. The shop never sends it again either way.
 */
export async function confirmRefund(
  deps: Pick<RefundDeps, 'db' | 'now'>,
  input: { orderId: string; refundId: string; outcome: 'sent' | 'refused'; note: string; adminId: string },
): Promise<RefundRecord> {
  const record = await getRefund(deps.db, input.orderId, input.refundId);
  if (!record) throw notFound(spoken('Refund not found'));
  const lost =
    record.state === 'sending' &&
    deps.now().getTime() - Date.parse(record.created_at) > REFUND_SENDING_LOST_MS;
  if (record.state !== 'unknown' && !lost) {
    if (record.state === input.outcome) return record;
    throw conflict(
      spoken(`Only a refund whose outcome is unknown can be confirmed (this one is ${record.state})`),
    );
  }
  const note = `${input.note} (confirmed by ${input.adminId})`.slice(0, 300);
  return settleRefund(deps, record, record.state, input.outcome, note);
}
