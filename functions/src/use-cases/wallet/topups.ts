import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import { getPayment, type PaymentItem } from '../../db/commerce-repo';
import { keys } from '../../db/keys';
import { getProfile } from '../../db/profiles';
import { conditionFailedAt } from '../../db/transact';
import { conflict, duplicate, notFound } from '../../domain/refusals';
import { putPaymentItem, paymentStatusItem } from '../../db/orders/order-items';
import { firstCheckAt, holdUntil } from '../../domain/payments/payment-window';
import { startTopupCharge, type ChargeDeps } from '../payments/start-charge';
import { applyBalanceChange, ExtraConditionFailed } from '../../db/wallet/balance';

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
  await deps.db.doc.send(
    new TransactWriteCommand({ TransactItems: [putPaymentItem(deps.db.table, payment)] }),
  );
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
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.table,
              Item: {
                ...keys.trxId(trx),
                type: 'trx_unique',
                payment_id: payment.id,
                user_id: caller.userId,
                created_at: nowIso,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          putPaymentItem(db.table, payment),
        ],
      }),
    );
  } catch (error) {
    if (conditionFailedAt(error, 0)) throw duplicate('This transaction ID has already been used');
    throw error;
  }
  return payment;
}

/** Admin approval: request completed and the wallet credited, in one transaction, once. */
export async function approveManualTopup(
  deps: { db: Db; now: () => Date },
  paymentId: string,
  note?: string,
): Promise<PaymentItem> {
  const payment = await getPayment(deps.db, paymentId);
  if (!payment || payment.kind !== 'manual_topup') throw notFound('Top-up request not found');
  if (payment.status !== 'pending') throw conflict(`This request is already ${payment.status}`);
  const now = deps.now().toISOString();
  try {
    await applyBalanceChange(
      deps.db,
      {
        userId: payment.user_id,
        delta: payment.amount,
        reason: 'manual_topup',
        reference: payment.id,
        now,
        note,
      },
      () => [paymentStatusItem(deps.db.table, payment, 'completed', ['pending'], now, { note })],
    );
  } catch (error) {
    if (error instanceof ExtraConditionFailed) throw conflict('This request was already decided');
    throw error;
  }
  return (await getPayment(deps.db, paymentId))!;
}

export async function rejectManualTopup(
  deps: { db: Db; now: () => Date },
  paymentId: string,
  note?: string,
): Promise<PaymentItem> {
  const payment = await getPayment(deps.db, paymentId);
  if (!payment || payment.kind !== 'manual_topup') throw notFound('Top-up request not found');
  if (payment.status !== 'pending') throw conflict(`This request is already ${payment.status}`);
  const now = deps.now().toISOString();
  try {
    await deps.db.doc.send(
      new TransactWriteCommand({
        TransactItems: [paymentStatusItem(deps.db.table, payment, 'rejected', ['pending'], now, { note })],
      }),
    );
  } catch (error) {
    if (conditionFailedAt(error, 0)) throw conflict('This request was already decided');
    throw error;
  }
  return (await getPayment(deps.db, paymentId))!;
}
