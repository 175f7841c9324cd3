import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { OrderItem, PaymentItem } from '../../domain/model';
import type { SupplierOrderItem } from '../../domain/fulfilment/supplier-order';
import { batchGetItems, itemKey } from '../batch-get';
import type { SmsItem } from '../payments/sms-items';
import type { Db } from '../client';
import { keys, listQuery, lists, shardedLists, type ShardedList } from '../keys';
import { partitionsOf } from '../list-items';
import { queryAll } from '../query-all';

/**
 * What the daily reconciliation reads. Every read is paged (queryAll follows LastEvaluatedKey,
 * batchGetItems goes 100 keys at a time): a day's lists are read once per run, never scanned.
 */

type Entry = { pk: string; sk: string };

/** Table keys of a sharded list's entries whose index sort key (`<iso>#<id>`) lies in [from, until). */
async function entriesBetween(db: Db, list: ShardedList, from: string, until: string): Promise<Entry[]> {
  const pages = await Promise.all(
    partitionsOf(list).map((part) =>
      queryAll<Entry>(db, {
        // `<until>` sorts below every `<until>#id`: an entry created exactly at `until` is the next day's.
        ...listQuery(part, {
          sk: '#sk BETWEEN :from AND :until',
          values: { ':from': from, ':until': until },
        }),
        ProjectionExpression: 'pk, sk',
      }),
    ),
  );
  return pages.flat();
}

async function itemsOf<T>(db: Db, entries: Entry[]): Promise<T[]> {
  const found = await batchGetItems(db, entries);
  return entries.flatMap((e) => {
    const item = found.get(itemKey(e));
    return item ? [item as T] : [];
  });
}

/** Payments of every kind created in [from, until). */
export async function paymentsCreatedBetween(db: Db, from: string, until: string): Promise<PaymentItem[]> {
  const items = await itemsOf<PaymentItem>(
    db,
    await entriesBetween(db, shardedLists.allPayments(), from, until),
  );
  return items.filter((p) => p.created_at >= from && p.created_at < until);
}

/** Orders created in [from, until) and their supplier-order records (orders fulfilled from stock have none). */
export async function supplierOrdersOfOrdersBetween(
  db: Db,
  from: string,
  until: string,
): Promise<Array<{ order: OrderItem; record: SupplierOrderItem }>> {
  const orders = (
    await itemsOf<OrderItem>(db, await entriesBetween(db, shardedLists.allOrders(), from, until))
  ).filter((o) => o.created_at >= from && o.created_at < until);
  const records = await batchGetItems(
    db,
    orders.map((o) => keys.supplierOrder(o.id)),
  );
  return orders.flatMap((order) => {
    const record = records.get(itemKey(keys.supplierOrder(order.id)));
    return record ? [{ order, record: record as unknown as SupplierOrderItem }] : [];
  });
}

export async function getSmsItems(db: Db, ids: string[]): Promise<Map<string, SmsItem>> {
  const found = await batchGetItems(
    db,
    ids.map((id) => keys.sms(id)),
  );
  const out = new Map<string, SmsItem>();
  for (const id of ids) {
    const item = found.get(itemKey(keys.sms(id)));
    if (item) out.set(id, item as unknown as SmsItem);
  }
  return out;
}

const readBalance = async (db: Db, userId: string): Promise<number | undefined> => {
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.table,
      Key: keys.profile(userId),
      ConsistentRead: true,
      ProjectionExpression: 'balance',
    }),
  );
  return res.Item ? Number(res.Item.balance ?? 0) : undefined;
};

/**
 * A wallet's balance and the sum of its ledger, read so that they belong together: the balance is
 * read before and after the ledger, and a wallet that moved in between is read again (a purchase
 * during the run is not a break). Undefined: no such profile.
 */
export async function walletBooks(
  db: Db,
  userId: string,
): Promise<{ balance: number; ledger: number } | undefined> {
  for (let attempt = 0; ; attempt++) {
    const before = await readBalance(db, userId);
    if (before === undefined) return undefined;
    const entries = await queryAll<{ amount: number }>(db, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': keys.ledgerPrefix() },
      ProjectionExpression: 'amount',
      ConsistentRead: true,
    });
    const ledger = entries.reduce((sum, e) => sum + Number(e.amount ?? 0), 0);
    const after = await readBalance(db, userId);
    if (after === before || attempt >= 2) return { balance: after ?? before, ledger };
  }
}

/** Whether the shop holds any record of a gateway invoice: a payment it settled, or its unexpected-payment claim. */
export async function shopKnowsInvoice(db: Db, invoiceId: string, paymentId?: string): Promise<boolean> {
  const settled = await queryAll(db, { ...listQuery(lists.invoice(invoiceId)), ProjectionExpression: 'pk' });
  if (settled.length > 0) return true;
  const found = await batchGetItems(db, [
    keys.invoiceClaim(invoiceId, 'PAID'),
    ...(paymentId ? [keys.payment(paymentId)] : []),
  ]);
  if (found.has(itemKey(keys.invoiceClaim(invoiceId, 'PAID')))) return true;
  // A charge of the shop still unsettled (the invoice it created and stored, from another day).
  const named = paymentId ? found.get(itemKey(keys.payment(paymentId))) : undefined;
  return Boolean(named && (named.invoice_hint === invoiceId || named.invoice_id === invoiceId));
}
