import { batchGetItems, itemKey } from '../../db/batch-get';
import type { Db } from '../../db/client';
import { keys } from '../../db/keys';
import type { PaymentItem } from '../../db/payments/payment-items';
import { smsDecisionWrite, trxIdFacts, type SmsItem } from '../../db/payments/sms-items';
import { transact, WriteRefused, type Write } from '../../db/transact';
import { applyBalanceChange } from '../../db/wallet/balance';
import { requestReviewWrite, smsCreditWrites } from '../../db/wallet/manual-sms';
import { claimIdsOf } from '../../db/wallet/trx-claim';
import type { Change } from '../../domain/notify/notices';
import {
  decideTrxId,
  type RequestFacts,
  type StoredSms,
  type TrxIdActions,
} from '../../domain/payments/sms/match-sms';

/**
 * The SMS matcher (docs/sms-payments.md): fed by the table's stream with every new SMS and every
 * new TrxID request, it decides the TrxID they name from what the table holds, so the order of
 * arrival does not matter. Whichever of the two is written second, its consumer's consistent read
 * sees the other. Every write is conditional: two consumers deciding one TrxID at the same moment
 * credit it once, and the one refused reads again and finds it decided.
 */

type Deps = { db: Db; now: () => Date };

type SettleOutcome = 'credited' | 'review' | 'waiting';

const smsFacts = (s: SmsItem & { parsed: NonNullable<SmsItem['parsed']> }): StoredSms => ({
  id: s.id,
  receivingNumber: s.receiving_number,
  provider: s.parsed.provider,
  amount: s.parsed.amount,
  trxId: s.parsed.trx_id,
  at: s.parsed.at,
  chain: s.chain ?? 'broken',
  status: s.status === 'unparsed' ? 'review' : s.status,
});

const requestFacts = (p: PaymentItem): RequestFacts => ({
  id: p.id,
  amount: p.amount,
  paymentMethod: p.payment_method,
  transactionId: p.transaction_id ?? '',
  ...(p.receiving_number && { receivingNumber: p.receiving_number }),
  createdAt: p.created_at,
});

/** Decide one TrxID now: credit its request, send it to review, or leave it waiting. */
async function settleTrxId(deps: Deps, trx: string): Promise<SettleOutcome> {
  for (let attempt = 0; ; attempt++) {
    const facts = await trxIdFacts(deps.db, trx);
    const found = await batchGetItems(
      deps.db,
      [...facts.smsIds.map(keys.sms), ...claimIdsOf(facts.claim).map(keys.payment)],
      { consistent: true },
    );
    const sms = facts.smsIds
      .map((id) => found.get(itemKey(keys.sms(id))) as SmsItem | undefined)
      .filter((s): s is SmsItem & { parsed: NonNullable<SmsItem['parsed']> } => !!s?.parsed);
    const requests = claimIdsOf(facts.claim)
      .map((id) => found.get(itemKey(keys.payment(id))) as PaymentItem | undefined)
      .filter(
        (p): p is PaymentItem =>
          p?.kind === 'manual_topup' && p.status === 'pending' && !p.sms_review && !!p.expires_at,
      );
    const credited = facts.claim?.approved_payment_id ?? facts.claim?.payment_id;
    const actions = decideTrxId({
      sms: sms.map(smsFacts),
      requests: requests.map(requestFacts),
      ...(credited !== undefined && { creditedPaymentId: credited }),
    });
    try {
      return await apply(deps, actions, requests);
    } catch (error) {
      // Decided meanwhile by another consumer, an admin or the expiry: read it again.
      if (error instanceof WriteRefused && attempt < 4) continue;
      throw error;
    }
  }
}

async function apply(deps: Deps, actions: TrxIdActions, requests: PaymentItem[]): Promise<SettleOutcome> {
  const now = deps.now().toISOString();
  const { table } = deps.db;
  const reviews: Write[] = [
    ...actions.reviewSms.map((s) =>
      smsDecisionWrite(table, s.smsId, 'review', {
        control: s.control,
        now,
        ...(s.paymentId && { paymentId: s.paymentId }),
      }),
    ),
    ...actions.reviewRequests.map((r) =>
      requestReviewWrite(table, r.paymentId, { control: r.control, now, ...(r.smsId && { smsId: r.smsId }) }),
    ),
  ];
  if (actions.credit) {
    const { smsId, paymentId } = actions.credit;
    const payment = requests.find((p) => p.id === paymentId)!;
    const credit = { userId: payment.user_id, delta: payment.amount, reason: 'manual_topup' as const };
    await applyBalanceChange(deps.db, { ...credit, reference: payment.id, now }, () =>
      smsCreditWrites(table, payment, smsId, now),
    );
    return 'credited';
  }
  if (reviews.length === 0) return 'waiting';
  // A transaction holds at most 100 writes; a TrxID is named by a handful of requests and SMS.
  await transact(deps.db, reviews.slice(0, 100));
  return 'review';
}

/** The TrxID a stream change asks the matcher to decide: a new parsed SMS, or a new TrxID request. */
export function trxIdOfChange(change: Change): string | undefined {
  const { before, after } = change;
  if (before || !after) return undefined;
  if (after.type === 'sms') return (after as unknown as SmsItem).parsed?.trx_id;
  if (after.type === 'payment' && after.kind === 'manual_topup' && after.expires_at)
    return String(after.transaction_id ?? '') || undefined;
  return undefined;
}

/** A batch of stream changes: each TrxID they name decided once, side by side. */
export async function matchChanges(
  deps: Deps,
  changes: Change[],
): Promise<Array<{ trx: string; outcome?: SettleOutcome; error?: Error }>> {
  const trxIds = [...new Set(changes.map(trxIdOfChange).filter((t): t is string => !!t))];
  return Promise.all(
    trxIds.map((trx) =>
      settleTrxId(deps, trx).then(
        (outcome) => ({ trx, outcome }),
        (error: Error) => ({ trx, error }),
      ),
    ),
  );
}
