import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SmsControl } from '@khelaghor/contract/sms-facts';
import type { PaymentStatus } from '@khelaghor/contract/facts';
import type { PaymentItem } from '../../domain/model';
import type { Db } from '../client';
import { indexKeys, keys, listQuery, lists } from '../keys';
import { listedItems } from '../list-items';
import { statusUpdate } from '../orders/order-items';
import { smsDecisionWrite } from '../payments/sms-items';
import { write, type Write } from '../transact';
import { freePendingSlotWrite } from './manual-pending';
import { approveTrxIdWrite, releaseTrxIdWrite } from './trx-claim';

/**
 * A request still waiting for its SMS leaves `pending` (as paymentStatusWrite moves a manual
 * top-up between its queues), refused once it was sent to the admin's review: from then on the
 * admin decides it, not the matcher or the expiry.
 */
function waitingRequestWrite(
  table: string,
  payment: PaymentItem,
  to: PaymentStatus,
  now: string,
  set: Record<string, unknown>,
): Write {
  return statusUpdate('payment', table, keys.payment(payment.id), {
    to,
    from: ['pending'],
    now,
    gsi3pk: indexKeys.manualTopups(to),
    set,
    remove: [],
    also: 'attribute_not_exists(sms_review)',
  });
}

/**
 * The writes of a TrxID request decided by its SMS, each a condition in one transaction with the
 * others (use-cases/wallet/sms-match.ts), the same as an admin's approval makes them
 * (use-cases/wallet/manual-queue.ts): the request leaves `pending` once, the TrxID is credited once
 * (refused when any request was credited with it), the waiting slot is freed, and the SMS is
 * marked matched with the request, only while it waits. The balance and ledger are added by
 * applyBalanceChange.
 */
export function smsCreditWrites(table: string, payment: PaymentItem, smsId: string, now: string): Write[] {
  return [
    waitingRequestWrite(table, payment, 'completed', now, { sms_id: smsId }),
    ...(payment.pending_slot ? [freePendingSlotWrite(table, payment.user_id)] : []),
    approveTrxIdWrite(table, payment.transaction_id ?? '', payment.id),
    smsDecisionWrite(table, smsId, 'matched', { paymentId: payment.id, now }),
  ];
}

/**
 * A waiting request goes to the admin's queue with the failed control named (and the SMS it was
 * compared with), once: it stays `pending`, so the admin's Approve and Reject work as for any request.
 */
export function requestReviewWrite(
  table: string,
  paymentId: string,
  review: { control: SmsControl; smsId?: string; now: string },
): Write {
  return write('payment', {
    Update: {
      TableName: table,
      Key: keys.payment(paymentId),
      UpdateExpression: `SET sms_review = :c, updated_at = :now${review.smsId ? ', sms_id = :sms' : ''}`,
      ConditionExpression: '#status = :pending AND attribute_not_exists(sms_review)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':c': review.control,
        ':now': review.now,
        ':pending': 'pending',
        ...(review.smsId && { ':sms': review.smsId }),
      },
    },
  });
}

/**
 * A request whose window passed with no SMS: `expired`, its TrxID and its waiting slot given back
 * in the same transaction, as a rejection gives them (only while it waits and is not in review).
 */
export function expireRequestWrites(
  table: string,
  payment: PaymentItem,
  now: string,
  claim: { oldShape: boolean } | undefined,
): Write[] {
  return [
    waitingRequestWrite(table, payment, 'expired', now, {}),
    ...(payment.pending_slot ? [freePendingSlotWrite(table, payment.user_id)] : []),
    ...(claim ? [releaseTrxIdWrite(table, payment.transaction_id ?? '', payment.id, claim.oldShape)] : []),
  ];
}

/**
 * Pending TrxID requests made before `before` (the admin's `MANUAL#pending` list, oldest first):
 * the expiry's candidates. Requests in review stay on that list until the admin decides them, so
 * the read goes on past them, a bounded number of pages a run.
 */
export async function pendingRequestsBefore(db: Db, before: string, maxPages = 10): Promise<PaymentItem[]> {
  const out: PaymentItem[] = [];
  let start: Record<string, unknown> | undefined;
  for (let page = 0; page < maxPages; page++) {
    const res = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        ...listQuery(lists.manualTopups('pending'), { sk: '#sk < :before', values: { ':before': before } }),
        ScanIndexForward: true,
        Limit: 100,
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(await listedItems<PaymentItem>(db, 'gsi3', res.Items ?? [], { consistent: true })));
    start = res.LastEvaluatedKey;
    if (!start) break;
  }
  return out;
}
