import { ulid } from 'ulid';
import type { Db } from '../../db/client';

import { getProfile } from '../../db/users/profiles';
import { notFound, Refusal } from '../../domain/refusals';
import { putPaymentWrite, type PaymentItem, getPayment } from '../../db/payments/payment-items';
import { WriteRefused } from '../../db/transact';
import {
  adjustmentFingerprint,
  adjustmentKeyWrite,
  readFirstAdjustment,
} from '../../db/wallet/adjustment-key';
import { applyBalanceChange, readBalance } from '../../db/wallet/balance';

/** Demo gateway top-up of the admin users list: ৳100. */
export const DEMO_TOPUP_AMOUNT = 10_000;

/**
 * A completed payment record and the ledger entry with the balance change, in one transaction.
 * A debit that would take the balance below zero answers 422 'Insufficient balance'. With a
 * request key (the admin form's Idempotency-Key) the same request sent again returns the first
 * adjustment; the same key with another request is refused (422).
 */
export async function adjustWallet(
  deps: { db: Db; now: () => Date },
  input: {
    userId: string;
    delta: number;
    kind: 'adjustment' | 'demo_topup';
    paymentMethod: string;
    provider: PaymentItem['payment_provider'];
    note?: string;
    adminId: string;
    requestKey?: string;
  },
): Promise<{ payment: PaymentItem; balance: number }> {
  const profile = await getProfile(deps.db, input.userId);
  if (!profile) throw notFound('User not found');
  const now = deps.now().toISOString();
  const payment: PaymentItem = {
    type: 'payment',
    id: ulid(),
    kind: input.kind,
    user_id: input.userId,
    user_email: profile.email,
    amount: input.delta,
    payment_method: input.paymentMethod,
    payment_provider: input.provider,
    status: 'completed',
    ...(input.note && { note: input.note }),
    created_at: now,
    updated_at: now,
  };
  const { requestKey, adminId } = input;
  const fingerprint = adjustmentFingerprint([
    input.userId,
    input.delta,
    input.kind,
    input.paymentMethod,
    input.note,
  ]);
  try {
    const { balanceAfter } = await applyBalanceChange(
      deps.db,
      {
        userId: input.userId,
        delta: input.delta,
        reason: input.kind,
        reference: payment.id,
        note: input.note,
        now,
      },
      () => [
        putPaymentWrite(deps.db.table, payment),
        ...(requestKey
          ? [
              adjustmentKeyWrite(deps.db.table, {
                adminId,
                key: requestKey,
                paymentId: payment.id,
                fingerprint,
                now,
              }),
            ]
          : []),
      ],
    );
    return { payment, balance: balanceAfter };
  } catch (error) {
    if (!(requestKey && error instanceof WriteRefused && error.has('idempotency'))) throw error;
    const first = await readFirstAdjustment(deps.db, adminId, requestKey);
    if (first?.fingerprint !== fingerprint)
      throw new Refusal(
        'idempotency_key_reused',
        'This Idempotency-Key was already used for a different request. Please try again.',
      );
    const firstPayment = await getPayment(deps.db, first.paymentId);
    return { payment: firstPayment!, balance: (await readBalance(deps.db, input.userId)) ?? 0 };
  }
}
