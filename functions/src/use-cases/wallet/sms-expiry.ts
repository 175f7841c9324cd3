import { SMS_WINDOW } from '@khelaghor/contract/sms-facts';
import type { Db } from '../../db/client';
import { transact, WriteRefused } from '../../db/transact';
import { expireRequestWrites, pendingRequestsBefore } from '../../db/wallet/manual-sms';
import { readTrxClaim } from '../../db/wallet/trx-claim';

/**
 * TrxID requests whose window passed with no SMS (docs/sms-payments.md): each becomes `expired`
 * and gives back its TrxID (the real payer, or this buyer once the SMS comes, can claim it again)
 * and its waiting slot, in one transaction. A request in the admin's review, or decided meanwhile
 * (its SMS came a moment ago), is left alone: the transaction's conditions refuse it.
 * Run by the sweeper every minute.
 */
export async function expireManualTopups(deps: { db: Db; now: () => Date }): Promise<number> {
  const now = deps.now();
  const before = new Date(now.getTime() - SMS_WINDOW.waitMinutes * 60_000).toISOString();
  const due = (await pendingRequestsBefore(deps.db, before)).filter(
    (p) => p.status === 'pending' && p.expires_at && p.expires_at <= now.toISOString() && !p.sms_review,
  );
  let expired = 0;
  for (const p of due) {
    const claim = await readTrxClaim(deps.db, p.transaction_id ?? '');
    try {
      await transact(
        deps.db,
        expireRequestWrites(
          deps.db.table,
          p,
          now.toISOString(),
          claim && { oldShape: claim.payment_id === p.id },
        ),
      );
      expired++;
    } catch (error) {
      if (!(error instanceof WriteRefused)) throw error;
    }
  }
  return expired;
}
