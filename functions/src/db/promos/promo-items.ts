import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetItems, itemKey } from '../batch-get';
import type { Db } from '../client';

import { indexKeys, keys, listQuery, lists, timeKey } from '../keys';
import { listedItems, queryPage, type Page } from '../list-items';
import { queryAll } from '../query-all';
import { isConditionFailure, writeIf } from '../transact';
import type { OrderItem } from '../../domain/model';
import type { PromoItem } from '../../domain/orders/promo-discount';

/** Stored promo codes: the item (on the admin's `PROMOS` list), the buyer's use count, the orders' links. */

/** The fields an admin sets (everything but the code and the counters). */
export type PromoTerms = Omit<
  PromoItem,
  'type' | 'code' | 'uses' | 'discount_given' | 'created_at' | 'updated_at'
>;

/** A link from a code to an order that used it (the admin's list of the code's orders). */
interface PromoOrderLink {
  type: 'promo_order';
  code: string;
  order_id: string;
  user_id: string;
  created_at: string;
}

const KEY_FIELDS = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'];
const stripKeys = <T>(item: Record<string, unknown>): T =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !KEY_FIELDS.includes(k))) as T;

/** A new code, unless the code is taken: false then. */
export async function putNewPromo(db: Db, promo: PromoItem): Promise<boolean> {
  return writeIf(() =>
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.promo(promo.code),
          ...promo,
          gsi2pk: indexKeys.allPromos(),
          gsi2sk: timeKey(promo.created_at, promo.code),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** Every term of an existing code at once; its counters are left as they are. Undefined: no such code. */
export async function updatePromoTerms(
  db: Db,
  code: string,
  terms: PromoTerms,
  now: string,
): Promise<PromoItem | undefined> {
  const fields: Record<string, unknown> = { ...terms, updated_at: now };
  const names = Object.fromEntries(Object.keys(fields).map((k, i) => [`#f${i}`, k]));
  const values = Object.fromEntries(Object.values(fields).map((v, i) => [`:f${i}`, v]));
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.promo(code),
        UpdateExpression: `SET ${Object.keys(fields)
          .map((_, i) => `#f${i} = :f${i}`)
          .join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return stripKeys<PromoItem>(res.Attributes ?? {});
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

export async function getPromo(db: Db, code: string): Promise<PromoItem | undefined> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.promo(code), ConsistentRead: true }),
  );
  return res.Item && stripKeys<PromoItem>(res.Item);
}

/** A code as read (absent: no such code) and how many of the buyer's orders count against it. */
export interface PromoRead {
  promo?: PromoItem;
  customerUses: number;
}

/** The promo and the buyer's use count among the items of a BatchGet that asked for both. */
export function fromFound(
  found: Map<string, Record<string, unknown>>,
  code: string,
  userId: string,
): PromoRead {
  const promo = found.get(itemKey(keys.promo(code)));
  const use = found.get(itemKey(keys.promoUse(code, userId)));
  return { promo: promo && stripKeys<PromoItem>(promo), customerUses: Number(use?.uses ?? 0) };
}

/** Every code, newest first. A shop keeps tens of codes, so the list is read whole. */
export async function listPromos(db: Db): Promise<PromoItem[]> {
  const list = lists.allPromos();
  const entries = await queryAll(db, { ...listQuery(list), ScanIndexForward: false });
  return (await listedItems<Record<string, unknown>>(db, list.index, entries)).map((i) =>
    stripKeys<PromoItem>(i),
  );
}

/** A page of the orders that used a code, newest first, as they are now (status, amounts). */
export async function promoOrdersPage(
  db: Db,
  code: string,
  page: { cursor?: string; limit: number },
): Promise<Page<OrderItem>> {
  const pk = keys.promoPartition(code);
  const prefix = keys.promoOrderPrefix();
  const links = await queryPage<PromoOrderLink>(
    db,
    { pk, skPrefix: prefix },
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
    },
    page,
  );
  const found = await batchGetItems(
    db,
    links.items.map((l) => keys.order(l.order_id)),
  );
  const orders = links.items.flatMap((l) => {
    const order = found.get(itemKey(keys.order(l.order_id)));
    return order ? [order as unknown as OrderItem] : [];
  });
  return { items: orders, cursor: links.cursor };
}
