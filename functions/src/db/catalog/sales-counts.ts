import { dhakaDay, POPULAR_DAYS, popularWindow } from '../../domain/catalog/package-badges';
import { batchGetItems, itemKey } from '../batch-get';
import { shardCount, shardKeys } from '../stock/stock-shards';
import { soldOn } from '../stock/tickets';
import type { Db } from '../client';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import { write, type Write } from '../transact';

/**
 * 'Popular' counts sales per package per Asia/Dhaka day. A code sale is counted by its ticket on
 * its stock shard (tickets.ts); an order without a ticket (a supplier's or an operator's) gets an
 * item of its own in the transaction that completes it, in the product's SALES partition, which
 * expires a few days after its window has passed (the table's TTL).
 */

/** Days an item outlives its own day: the window plus margin for TTL's lag. */
const KEEP_DAYS = POPULAR_DAYS + 2;

/** The count of one completed order (`part`: its id, so two completions meet on no item). */
export function salesCountWrite(
  table: string,
  sale: { productId: string; variantId: string; at: string; part: string },
): Write {
  const day = dhakaDay(sale.at);
  const ttl = Math.floor(Date.parse(`${day}T00:00:00.000Z`) / 1000) + KEEP_DAYS * 86_400;
  return write('sales', {
    Update: {
      TableName: table,
      Key: keys.salesCount(sale.productId, day, sale.variantId, sale.part),
      UpdateExpression: 'ADD #count :one SET #type = :type, variant_id = :variant, #ttl = :ttl',
      ExpressionAttributeNames: { '#count': 'count', '#type': 'type', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':type': 'sales_count',
        ':variant': sale.variantId,
        ':ttl': ttl,
      },
    },
  });
}

/**
 * Sales per variant of a product in the Popular window ending `now`: the completed orders counted
 * on their own items (one Query of the product's SALES partition: orders a supplier or an
 * operator fulfils) plus the tickets the packages' stock shards handed out on those days (read
 * with the shards: a code sale writes nothing for it).
 */
export async function readSalesCounts(
  db: Db,
  productId: string,
  now: Date,
  variants: Array<{ id: string; stock_shards?: number }>,
): Promise<Map<string, number>> {
  const { from, to } = popularWindow(now);
  const days = Array.from({ length: POPULAR_DAYS }, (_, i) =>
    new Date(Date.parse(`${from}T00:00:00.000Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );
  const names = Object.fromEntries(days.map((d, i) => [`#d${i}`, soldOn(d)]));
  const [items, shards] = await Promise.all([
    queryAll<{ variant_id: string; count: number }>(db, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.salesPartition(productId),
        ':from': keys.salesDayPrefix(from),
        // '$' sorts after '#': every item of the last day.
        ':to': `${keys.salesDayPrefix(to)}$`,
      },
      ProjectionExpression: 'variant_id, #count',
      ExpressionAttributeNames: { '#count': 'count' },
    }),
    batchGetItems(
      db,
      variants.flatMap((v) => shardKeys(v.id, shardCount(v))),
      { projection: Object.keys(names).join(', '), names },
    ),
  ]);
  const counts = new Map<string, number>();
  const add = (variantId: string, n: number) => counts.set(variantId, (counts.get(variantId) ?? 0) + n);
  for (const i of items) add(i.variant_id, Number(i.count ?? 0));
  for (const v of variants)
    for (const key of shardKeys(v.id, shardCount(v))) {
      const shard = shards.get(itemKey(key));
      // A day's count can go below 0 when a ticket taken the day before came back.
      for (const name of Object.values(names)) add(v.id, Math.max(0, Number(shard?.[name] ?? 0)));
    }
  return counts;
}
