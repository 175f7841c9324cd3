import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { RouteName } from '@khelaghor/contract';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import type { CodeStatus } from '@khelaghor/contract/facts';

import { indexKeys, keys, LIST_SHARDS, listShard, timeKey } from '../src/db/keys';
import { orderIndexKeys, type OrderItem, type OrderStatus } from '../src/db/orders/order-items';
import { admin, invoke } from '../../test/invoke';
import { paymentIndexKeys, type PaymentItem } from '../src/db/payments/payment-items';

/**
 * Fixtures for the shop-wide lists that are split over LIST_SHARDS index partitions: ids that
 * land in every partition, raw items written in bulk, and a walk over every page of a list.
 */

/** `perShard` ids for each of the LIST_SHARDS partitions (in a shuffled-looking order). */
export function idsInEveryShard(prefix: string, perShard: number): string[] {
  const count = new Array<number>(LIST_SHARDS).fill(0);
  const ids: string[] = [];
  for (let n = 0; ids.length < perShard * LIST_SHARDS; n++) {
    const id = `${prefix}-${String(n).padStart(4, '0')}`;
    const shard = listShard(id);
    if (count[shard]! < perShard) {
      count[shard]!++;
      ids.push(id);
    }
  }
  return ids;
}

/** A wallet order as stored, with the index keys its writer gives it. */
export function rawOrder(id: string, status: OrderStatus, createdAt: string): Record<string, unknown> {
  const order: OrderItem = {
    type: 'order',
    id,
    user_id: 'list-user',
    user_email: 'list@example.com',
    user_name: 'List User',
    product_id: 'list-product',
    product_variant_id: 'list-variant',
    product_name: 'Free Fire',
    variant_name: '100 Diamonds',
    player_uid: '12345678',
    player_name: null,
    whatsapp_number: null,
    quantity: 1,
    total_amount: 10_000,
    status,
    payment_method: 'wallet',
    created_at: createdAt,
    updated_at: createdAt,
  };
  return { ...keys.order(id), ...order, ...orderIndexKeys(order) };
}

/** A top-up payment as stored; `pending` ones are on the sweeper's queue at `nextCheckAt`. */
export function rawPayment(
  id: string,
  createdAt: string,
  opts: { status?: PaymentItem['status']; nextCheckAt?: string } = {},
): Record<string, unknown> {
  const payment: PaymentItem = {
    type: 'payment',
    id,
    kind: 'topup',
    user_id: 'list-user',
    amount: 10_000,
    payment_method: 'bkash',
    payment_provider: 'uddoktapay',
    status: opts.status ?? 'completed',
    ...(opts.nextCheckAt && { hold_until: opts.nextCheckAt, next_check_at: opts.nextCheckAt }),
    created_at: createdAt,
    updated_at: createdAt,
  };
  return { ...keys.payment(id), ...payment, ...paymentIndexKeys(payment) };
}

/** A code out of stock (never `available`, so no stock counter is involved), on its lists. */
export function rawCode(id: string, status: Exclude<CodeStatus, 'available'>, createdAt: string) {
  const sk = timeKey(createdAt, id);
  return {
    ...keys.code('list-variant', id),
    type: 'code',
    id,
    variant_id: 'list-variant',
    product_id: 'list-product',
    code: `LIST-${id}`,
    status,
    created_at: createdAt,
    gsi2pk: indexKeys.allCodes(),
    gsi2sk: sk,
    gsi3pk: indexKeys.codesByStatus(status, id),
    gsi3sk: sk,
  };
}

/** Write items as they are (25 per BatchWrite). */
export async function putItems(db: Db, items: Array<Record<string, unknown>>) {
  for (let i = 0; i < items.length; i += 25) {
    await db.doc.send(
      new BatchWriteCommand({
        RequestItems: { [db.table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }
}

/** Every item of a type, read by an auditor's Scan (the expected side of a list test). */
async function scanType<T = Record<string, unknown>>(db: Db, type: string): Promise<T[]> {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(
      new ScanCommand({
        TableName: db.table,
        FilterExpression: '#type = :type',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': type },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    items.push(...((res.Items ?? []) as T[]));
    start = res.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Newest first, ties of created_at by id: the order of every timeKey list. */
const newestFirst = <T extends { id: string; created_at: string }>(items: T[]) =>
  [...items].sort((a, b) => (`${a.created_at}#${a.id}` < `${b.created_at}#${b.id}` ? 1 : -1));

/** Every page of an admin list, `limit` at a time: the ids in the order answered, and the page count. */
async function walkPages(route: RouteName, query: Record<string, string>, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await invoke(route, {
      as: admin,
      query: { ...query, limit: String(limit), ...(cursor && { cursor }) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body as { items: Array<{ id: string }>; cursor: string | null };
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((i) => i.id));
    cursor = page.cursor;
    pages++;
    expect(pages, 'the walk ends').toBeLessThan(1000);
  } while (cursor);
  return { ids, pages };
}

/**
 * Walk an admin list `limit` at a time and check it against the table: every item of `type` that
 * `keep` selects and that was there both before and after the walk is answered exactly once, in
 * newest-first order (items another test's background job deletes meanwhile are left out).
 */
export async function expectListed<T extends { id: string; created_at: string }>(
  db: Db,
  list: { type: string; route: RouteName; query?: Record<string, string>; keep?: (item: T) => boolean },
  limit: number,
) {
  const pick = async () =>
    newestFirst((await scanType<T>(db, list.type)).filter((i) => !list.keep || list.keep(i))).map(
      (i) => i.id,
    );
  const before = await pick();
  const walk = await walkPages(list.route, list.query ?? {}, limit);
  const after = new Set(await pick());
  const stable = before.filter((id) => after.has(id));
  const kept = new Set(stable);
  const label = `${list.route} ${JSON.stringify(list.query ?? {})} limit ${limit}`;
  expect(new Set(walk.ids).size, `${label}: no duplicates`).toBe(walk.ids.length);
  expect(
    walk.ids.filter((id) => kept.has(id)),
    label,
  ).toEqual(stable);
  return stable;
}
