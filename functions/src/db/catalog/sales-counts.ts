import { dhakaDay, POPULAR_DAYS, popularWindow } from '../../domain/catalog/package-badges';
import type { Db } from '../client';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import { write, type Write } from '../transact';

/**
 * Completed orders per package per Asia/Dhaka day, counted in the transaction that completes the
 * order (so a count never runs ahead of, or behind, a committed sale), read for the product page's
 * 'Popular' in one Query of the product's SALES partition. An item expires a few days after its
 * window has passed (the table's TTL), so the partition holds about a week per package and shard.
 */

/** Days an item outlives its own day: the window plus margin for TTL's lag. */
const KEEP_DAYS = POPULAR_DAYS + 2;

/**
 * ADD 1 to the package's count of the day of `at`. `part`: the ticket the sale claimed its code
 * with, so a flash sale's transactions meet on no item (0 for a sale whose completion comes
 * through a gateway's answer or a supplier, one by one).
 */
export function salesCountWrite(
  table: string,
  sale: { productId: string; variantId: string; at: string; part?: string },
): Write {
  const day = dhakaDay(sale.at);
  const ttl = Math.floor(Date.parse(`${day}T00:00:00.000Z`) / 1000) + KEEP_DAYS * 86_400;
  return write('sales', {
    Update: {
      TableName: table,
      Key: keys.salesCount(sale.productId, day, sale.variantId, sale.part ?? 0),
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

/** Completed orders per variant of a product in the Popular window ending `now` (one Query). */
export async function readSalesCounts(db: Db, productId: string, now: Date): Promise<Map<string, number>> {
  const { from, to } = popularWindow(now);
  const items = await queryAll<{ variant_id: string; count: number }>(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': keys.salesPartition(productId),
      ':from': keys.salesDayPrefix(from),
      // '$' sorts after '#': every item of the last day.
      ':to': `${keys.salesDayPrefix(to)}$`,
    },
    ProjectionExpression: 'variant_id, #count',
    ExpressionAttributeNames: { '#count': 'count' },
  });
  const counts = new Map<string, number>();
  for (const i of items) counts.set(i.variant_id, (counts.get(i.variant_id) ?? 0) + Number(i.count ?? 0));
  return counts;
}
