import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import type { PaymentItem } from '../../db/commerce-repo';
import { getProfile } from '../../db/profiles';
import { notFound } from '../../domain/refusals';
import { putPaymentWrite } from '../../db/orders/order-items';
import { applyBalanceChange } from '../../db/wallet/balance';

/** Demo gateway top-up of the admin users list: ৳100. */
export const DEMO_TOPUP_AMOUNT = 10_000;

/**
 * A completed payment record and the ledger entry with the balance change, in one transaction.
 * A debit that would take the balance below zero answers 422 'Insufficient balance'.
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
    () => [putPaymentWrite(deps.db.table, payment)],
  );
  return { payment, balance: balanceAfter };
}
