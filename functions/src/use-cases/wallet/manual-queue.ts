import type { AdminManualTopup } from '@khelaghor/contract/schemas/admin-commerce';
import type * as z from '@khelaghor/contract/zod';
import { batchGetItems, itemKey } from '../../db/batch-get';
import type { Db } from '../../db/client';
import { keys, lists } from '../../db/keys';
import { indexPage } from '../../db/list-items';
import type { PaymentItem } from '../../db/payments/payment-items';
import type { SmsItem } from '../../db/payments/sms-items';
import { claimIdsOf, type TrxClaimItem } from '../../db/wallet/trx-claim';
import { paymentView } from '../payments/deps';

type QueueItem = z.infer<typeof AdminManualTopup>;

const smsView = (s: SmsItem | undefined): QueueItem['sms'] =>
  s
    ? {
        id: s.id,
        sender: s.sender,
        text: s.text,
        receiving_number: s.receiving_number,
        received_at: s.received_at,
        status: s.status,
        failed_control: s.failed_control ?? null,
        amount: s.parsed?.amount ?? null,
        trx_id: s.parsed?.trx_id ?? null,
        payment_id: s.payment_id ?? null,
      }
    : null;

/**
 * The admin's TrxID queue: each request with the other requests that name its TrxID (read from
 * the TrxID's claim item), so an operator sees a squatter and the real payer side by side, with
 * their sender numbers, before approving either, and the SMS the matcher compared it with (its
 * failed control is the request's `sms_review`). Three reads per page, whatever its length.
 */
export async function manualTopupQueue(
  db: Db,
  query: { status: string; cursor?: string; limit: number },
): Promise<{ items: QueueItem[]; cursor: string | null }> {
  const { status, ...page } = query;
  const result = await indexPage<PaymentItem>(db, lists.manualTopups(status), page);
  const trxIds = [...new Set(result.items.map((p) => p.transaction_id).filter((t): t is string => !!t))];
  const claims = await batchGetItems(db, trxIds.map(keys.trxId));
  const claimOf = (trx: string) => claims.get(itemKey(keys.trxId(trx))) as TrxClaimItem | undefined;
  const otherIds = new Set<string>();
  for (const p of result.items)
    for (const id of claimIdsOf(claimOf(p.transaction_id ?? ''))) if (id !== p.id) otherIds.add(id);
  const smsIds = [...new Set(result.items.map((p) => p.sms_id).filter((id): id is string => !!id))];
  const [others, sms] = await Promise.all([
    batchGetItems(db, [...otherIds].map(keys.payment)),
    batchGetItems(db, smsIds.map(keys.sms)),
  ]);
  const smsOf = (id: string | undefined) =>
    id ? (sms.get(itemKey(keys.sms(id))) as SmsItem | undefined) : undefined;
  return {
    cursor: result.cursor,
    items: result.items.map((p) => ({
      ...paymentView(p),
      sms: smsView(smsOf(p.sms_id)),
      competing: claimIdsOf(claimOf(p.transaction_id ?? ''))
        .filter((id) => id !== p.id)
        .map((id) => others.get(itemKey(keys.payment(id))) as PaymentItem | undefined)
        .filter((o): o is PaymentItem => o?.kind === 'manual_topup')
        .map((o) => ({
          id: o.id,
          user_email: o.user_email ?? null,
          amount: o.amount,
          sender_number: o.sender_number ?? null,
          status: o.status as 'pending' | 'completed' | 'rejected',
          created_at: o.created_at,
        })),
    })),
  };
}
