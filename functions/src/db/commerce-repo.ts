import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { indexKeys, keys, listQuery, type IndexList, type ShardedList } from './keys';
import { listedItems, mergeShards, type IndexEntry } from './list-items';
import { decodeCursor, encodeCursor, type PageList } from './page-cursor';
import { cursorKeys } from '../runtime/secrets';
import type { CodeItem } from './stock/code-item';
import type { LedgerItem, OrderItem, PaymentItem } from '../domain/model';

/** Stored shapes and reads of orders, payments and ledger entries (payments work). */

// The records' fields are the domain's model; this layer adds keys and index keys.
export type { LedgerItem, OrderItem, PaymentItem } from '../domain/model';
export type {
  LedgerReason,
  OrderPaymentMethod,
  OrderStatus,
  PaymentKind,
  PaymentStatus,
} from '@khelaghor/contract/facts';

export async function getItem<T>(db: Db, key: { pk: string; sk: string }): Promise<T | undefined> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
  return res.Item as T | undefined;
}

export const getOrder = (db: Db, id: string) => getItem<OrderItem>(db, keys.order(id));
export const getPayment = (db: Db, id: string) => getItem<PaymentItem>(db, keys.payment(id));
export const getCode = (db: Db, variantId: string, codeId: string) =>
  getItem<CodeItem>(db, keys.code(variantId, codeId));

export interface Page<T> {
  items: T[];
  cursor: string | null;
}

/** One page of a newest-first Query of `list` (cursor = the last evaluated key, signed for that list). */
export async function queryPage<T>(
  db: Db,
  list: PageList,
  input: Omit<QueryCommandInput, 'TableName' | 'IndexName' | 'ExclusiveStartKey' | 'Limit'>,
  page: { cursor?: string; limit: number },
): Promise<Page<T>> {
  const cursorKeyring = await cursorKeys();
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      ScanIndexForward: false,
      ...input,
      ...(list.index && { IndexName: list.index }),
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(list, page.cursor, cursorKeyring),
    }),
  );
  return { items: (res.Items ?? []) as T[], cursor: encodeCursor(list, res.LastEvaluatedKey, cursorKeyring) };
}

/** One newest-first page of an index list: its entries, then their items (Query + BatchGet). */
export async function indexPage<T>(
  db: Db,
  list: IndexList,
  page: { cursor?: string; limit: number },
): Promise<Page<T>> {
  const { IndexName: _index, ...condition } = listQuery(list);
  const entries = await queryPage<IndexEntry>(db, list, condition, page);
  return { items: await listedItems<T>(db, list.index, entries.items), cursor: entries.cursor };
}

/**
 * One newest-first page of a write-sharded list: every partition read in parallel and merged
 * (list-items.ts mergeShards), then the page's items. The cursor carries the last sort key
 * answered, signed for this list; the next page reads every partition below it.
 */
export async function shardedPage<T>(
  db: Db,
  list: ShardedList,
  page: { cursor?: string; limit: number },
): Promise<Page<T>> {
  const skName = `${list.index}sk`;
  const cursorKeyring = await cursorKeys();
  const after = decodeCursor(list, page.cursor, cursorKeyring)?.[skName];
  const { entries, more } = await mergeShards(db, list, { limit: page.limit, after });
  const last = entries.at(-1);
  return {
    items: await listedItems<T>(db, list.index, entries),
    cursor: more && last ? encodeCursor(list, { [skName]: String(last[skName]) }, cursorKeyring) : null,
  };
}

export const ledgerPage = (db: Db, userId: string, page: { cursor?: string; limit: number }) =>
  queryPage<LedgerItem>(
    db,
    { pk: keys.user(userId), skPrefix: keys.ledgerPrefix() },
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': keys.ledgerPrefix() },
    },
    page,
  );

export { indexKeys };
