import { said } from '@khelaghor/contract/api-messages';
import { ulid } from 'ulid';
import type { Db } from '../../db/client';

import { paymentStatusWrite, putPaymentWrite, getPayment } from '../../db/payments/payment-items';
import { getProfile } from '../../db/users/profiles';
import { transact, WriteRefused } from '../../db/transact';
import { applyBalanceChange } from '../../db/wallet/balance';
import { claimTrxIdWrite } from '../../db/wallet/trx-claim';
import type { PaymentItem } from '../../domain/model';
import { firstCheckAt, holdUntil } from '../../domain/payments/payment-window';
import { conflict, duplicate, notFound } from '../../domain/refusals';
import { startTopupCharge, type ChargeDeps } from '../payments/start-charge';

/** POST /api/wallet/topups: a pending gateway payment and its charge; credited once when verified. */
export async function createTopup(
  deps: ChargeDeps,
  caller: { userId: string; email: string },
  body: { amount: number; payment_method: string },
) {
  const profile = await getProfile(deps.db, caller.userId);
  if (!profile) throw notFound('User not found');
  const now = deps.now();
  const nowIso = now.toISOString();
  const payment: PaymentItem = {
    type: 'payment',
    id: ulid(),
    kind: 'topup',
    user_id: caller.userId,
    user_email: profile.email || caller.email,
    amount: body.amount,
    payment_method: body.payment_method,
    payment_provider: 'uddoktapay',
    status: 'pending',
    hold_until: holdUntil(now),
    next_check_at: firstCheckAt(now),
    created_at: nowIso,
    updated_at: nowIso,
  };
  await transact(deps.db, [putPaymentWrite(deps.db.table, payment)]);
  return startTopupCharge(deps, payment, { name: profile.full_name, email: profile.email || caller.email });
}

/** POST /api/wallet/manual-topups: the TrxID is claimed shop-wide in the same transaction as the request. */
export async function createManualTopup(
  deps: { db: Db; now: () => Date },
  caller: { userId: string; email: string },
  body: { amount: number; payment_method: string; sender_number: string; transaction_id: string },
): Promise<PaymentItem> {
  const { db } = deps;
  const nowIso = deps.now().toISOString();
  const trx = body.transaction_id.trim().toUpperCase();
  const payment: PaymentItem = {
    type: 'payment',
    id: ulid(),
    kind: 'manual_topup',
    user_id: caller.userId,
    user_email: caller.email,
    amount: body.amount,
    payment_method: body.payment_method,
    payment_provider: 'manual',
    status: 'pending',
    transaction_id: trx,
    sender_number: body.sender_number,
    created_at: nowIso,
    updated_at: nowIso,
  };
  try {
    await transact(db, [
      claimTrxIdWrite(db.table, { trx, paymentId: payment.id, userId: caller.userId, now: nowIso }),
      putPaymentWrite(db.table, payment),
    ]);
  } catch (error) {
    if (error instanceof WriteRefused && error.has('trx_id'))
      throw duplicate('This transaction ID has already been used');
    throw error;
  }
  return payment;
}

/**
 * An admin decides a manual top-up once: `completed` credits the wallet in the same transaction,
 * `rejected` only closes the request. A request decided meanwhile is a 409.
 */
async function decideManualTopup(
  deps: { db: Db; now: () => Date },
  paymentId: string,
  to: 'completed' | 'rejected',
  note?: string,
): Promise<PaymentItem> {
  const { db } = deps;
  const payment = await getPayment(db, paymentId);
  if (!payment || payment.kind !== 'manual_topup') throw notFound('Top-up request not found');
  if (payment.status !== 'pending') throw conflict(said('topup_already', { status: payment.status }));
  const now = deps.now().toISOString();
  const decided = paymentStatusWrite(db.table, payment, to, ['pending'], now, { note });
  try {
    if (to === 'rejected') await transact(db, [decided]);
    else {
      const credit = { userId: payment.user_id, delta: payment.amount, reason: 'manual_topup' as const };
      await applyBalanceChange(db, { ...credit, reference: payment.id, now, note }, () => [decided]);
    }
  } catch (error) {
    if (error instanceof WriteRefused) throw conflict('This request was already decided');
    throw error;
  }
  return (await getPayment(db, paymentId))!;
}

export const approveManualTopup = (deps: { db: Db; now: () => Date }, paymentId: string, note?: string) =>
  decideManualTopup(deps, paymentId, 'completed', note);

export const rejectManualTopup = (deps: { db: Db; now: () => Date }, paymentId: string, note?: string) =>
  decideManualTopup(deps, paymentId, 'rejected', note);
