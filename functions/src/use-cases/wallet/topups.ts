import { said } from '@khelaghor/contract/api-messages';
import { isGatewayMethod, MANUAL_TOPUP_LIMITS } from '@khelaghor/contract/facts';
import type { ReceivingAccounts } from '@khelaghor/contract/schemas/catalog';
import { SMS_WINDOW } from '@khelaghor/contract/sms-facts';
import { ulid } from 'ulid';
import type { Db } from '../../db/client';

import { paymentStatusWrite, putPaymentWrite, getPayment } from '../../db/payments/payment-items';
import { getSms, smsReopenWrite } from '../../db/payments/sms-items';
import { readReceivingAccounts } from '../../db/site/receiving-accounts';
import { getProfile } from '../../db/users/profiles';
import { transact, WriteRefused } from '../../db/transact';
import { applyBalanceChange } from '../../db/wallet/balance';
import {
  approveTrxIdWrite,
  claimTrxIdWrite,
  readTrxClaim,
  releaseTrxIdWrite,
} from '../../db/wallet/trx-claim';
import { freePendingSlotWrite, takePendingSlotWrite } from '../../db/wallet/manual-pending';
import { enforceRateLimits, perCallerAndIp, type RateLimit } from '../../db/rate-limit';
import type { PaymentItem } from '../../domain/model';
import { firstCheckAt, holdUntil } from '../../domain/payments/payment-window';
import { badRequest, conflict, duplicate, notFound, tooManyRequests } from '../../domain/refusals';
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

/** DESIGN 12: requests an hour per customer and per IP (the IP rule applies whoever signs in). */
const HOURLY_CUSTOMER: RateLimit = {
  scope: 'trxid-request',
  limit: MANUAL_TOPUP_LIMITS.hourlyPerCustomer,
  windowSeconds: 3600,
};
const HOURLY_IP: RateLimit = {
  scope: 'trxid-request-ip',
  limit: MANUAL_TOPUP_LIMITS.hourlyPerIp,
  windowSeconds: 3600,
};
/** A full set of waiting requests frees up only when the shop decides one: ask again in 10 minutes. */
const PENDING_RETRY_SECONDS = 600;

/**
 * POST /api/wallet/manual-topups: the hourly limits first (a refusal writes no request), then the
 * request, a waiting-request slot and the TrxID's claim in one transaction. A TrxID another
 * account names and nobody was credited with is taken too (the admin sees both); a credited one is 409.
 */
export async function createManualTopup(
  deps: { db: Db; now: () => Date },
  caller: { userId: string; email: string; sourceIp: string },
  body: {
    amount: number;
    payment_method: string;
    sender_number: string;
    transaction_id: string;
    receiving_number?: string;
  },
): Promise<PaymentItem> {
  const { db } = deps;
  const now = deps.now();
  const checks = perCallerAndIp(HOURLY_CUSTOMER, HOURLY_IP, caller);
  await enforceRateLimits(db, checks, now, 'Too many TrxID requests. Please wait and try again later.');
  const nowIso = now.toISOString();
  const trx = body.transaction_id.trim().toUpperCase();
  const sms = isGatewayMethod(body.payment_method)
    ? {
        ...receivingNumberOf(await readReceivingAccounts(db), body.payment_method, body.receiving_number),
        expires_at: new Date(now.getTime() + SMS_WINDOW.waitMinutes * 60_000).toISOString(),
      }
    : {};
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
    ...sms,
    pending_slot: true,
    created_at: nowIso,
    updated_at: nowIso,
  };
  const max = MANUAL_TOPUP_LIMITS.pendingPerCustomer;
  try {
    await transact(db, [
      takePendingSlotWrite(db.table, caller.userId, max),
      claimTrxIdWrite(db.table, { trx, paymentId: payment.id, now: nowIso }),
      putPaymentWrite(db.table, payment),
    ]);
  } catch (error) {
    if (error instanceof WriteRefused && error.has('trx_id'))
      throw duplicate('This transaction ID has already been used');
    if (error instanceof WriteRefused && error.has('pending_slot'))
      throw tooManyRequests(said('trxid_pending_limit', { max }), PENDING_RETRY_SECONDS);
    throw error;
  }
  return payment;
}

/**
 * The receiving number this buyer was shown and sent to: the one they chose among the method's
 * numbers, or the only one shown. None recorded (several shown, none chosen) never matches an
 * SMS: the request goes to the admin. A number the shop does not show for the method is 400.
 */
function receivingNumberOf(
  accounts: ReceivingAccounts,
  method: string,
  chosen: string | undefined,
): { receiving_number?: string } {
  const numbers = accounts.wallets.filter((w) => w.provider === method).map((w) => w.number);
  if (chosen !== undefined) {
    if (!numbers.includes(chosen)) throw badRequest('Please choose the number you sent the money to');
    return { receiving_number: chosen };
  }
  return numbers.length === 1 ? { receiving_number: numbers[0]! } : {};
}

/**
 * An admin decides a manual top-up once, in one transaction with its TrxID's claim and the
 * customer's waiting-request slot: `completed` credits the wallet and marks the TrxID credited
 * (refused when another request was credited with it), `rejected` gives the TrxID back (and the
 * SMS it was compared with, so the buyer's corrected request is matched).
 */
async function decideManualTopup(
  deps: { db: Db; now: () => Date },
  paymentId: string,
  to: 'completed' | 'rejected',
  note?: string,
  by?: string,
): Promise<PaymentItem> {
  const { db } = deps;
  const payment = await getPayment(db, paymentId);
  if (!payment || payment.kind !== 'manual_topup') throw notFound('Top-up request not found');
  if (payment.status !== 'pending') throw conflict(said('topup_already', { status: payment.status }));
  const now = deps.now().toISOString();
  const trx = payment.transaction_id ?? '';
  const slot = payment.pending_slot ? [freePendingSlotWrite(db.table, payment.user_id)] : [];
  // decided_by: the admin's decision is the daily reconciliation's evidence for a credit without a matched SMS.
  const decided = [
    paymentStatusWrite(db.table, payment, to, ['pending'], now, { note, decided_by: by }),
    ...slot,
  ];
  try {
    if (to === 'rejected') {
      const claim = await readTrxClaim(db, trx);
      const release = claim
        ? [releaseTrxIdWrite(db.table, trx, payment.id, claim.payment_id === payment.id)]
        : [];
      // The SMS the matcher sent to review with this request waits for the TrxID's next request.
      const sms = payment.sms_id ? await getSms(db, payment.sms_id) : undefined;
      const reopen = sms?.status === 'review' ? [smsReopenWrite(db.table, sms.id, now)] : [];
      await transact(db, [...decided, ...release, ...reopen]);
    } else {
      const credit = { userId: payment.user_id, delta: payment.amount, reason: 'manual_topup' as const };
      await applyBalanceChange(db, { ...credit, reference: payment.id, now, note }, () => [
        ...decided,
        approveTrxIdWrite(db.table, trx, payment.id),
      ]);
    }
  } catch (error) {
    if (error instanceof WriteRefused && error.has('payment'))
      throw conflict('This request was already decided');
    if (error instanceof WriteRefused && error.has('trx_id'))
      throw conflict('This transaction ID was already credited to another request');
    if (error instanceof WriteRefused) throw conflict('This request was already decided');
    throw error;
  }
  return (await getPayment(db, paymentId))!;
}

export const approveManualTopup = (
  deps: { db: Db; now: () => Date },
  paymentId: string,
  note?: string,
  by?: string,
) => decideManualTopup(deps, paymentId, 'completed', note, by);

export const rejectManualTopup = (deps: { db: Db; now: () => Date }, paymentId: string, note?: string) =>
  decideManualTopup(deps, paymentId, 'rejected', note);
