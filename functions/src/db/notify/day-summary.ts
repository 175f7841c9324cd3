import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { batchGetItems } from '../batch-get';
import { queryCatalog } from '../catalog/catalog-items';
import { keys, listQuery, shardedLists } from '../keys';
import { partitionsOf } from '../list-items';
import { queryAll } from '../query-all';
import { withStock } from '../stock/stock-shards';
import { writeIf } from '../transact';

/** What the daily summary is made from, and where it is kept (SUMMARY#<day>: the stream sends it). */

export interface DayOrder {
  product_name: string;
  variant_name: string;
  status: string;
  total_amount: number;
}

/** Orders created in [from, until) (ISO times): every partition of the all-orders list, then the items. */
export async function ordersCreatedBetween(db: Db, from: string, until: string): Promise<DayOrder[]> {
  const entries = (
    await Promise.all(
      partitionsOf(shardedLists.allOrders()).map((list) =>
        queryAll<{ pk: string; sk: string }>(db, {
          ...listQuery(list, {
            sk: '#sk BETWEEN :from AND :until',
            values: { ':from': from, ':until': until },
          }),
          ProjectionExpression: 'pk, sk',
        }),
      ),
    )
  ).flat();
  const found = await batchGetItems(
    db,
    entries.map((e) => ({ pk: e.pk, sk: e.sk })),
    { projection: 'product_name, variant_name, #status, total_amount', names: { '#status': 'status' } },
  );
  return [...found.values()].map((o) => ({
    product_name: String(o.product_name),
    variant_name: String(o.variant_name),
    status: String(o.status),
    total_amount: Number(o.total_amount ?? 0),
  }));
}

/** Every active variant's name and stock now. */
export async function variantStockList(db: Db): Promise<Array<{ name: string; stock: number }>> {
  const { products, variants } = await queryCatalog(db);
  const names = new Map(
    products.map((p) => [String(p.id), { name: String(p.name), active: p.is_active !== false }]),
  );
  const active = variants.filter((v) => v.is_active !== false && names.get(String(v.product_id))?.active);
  return (await withStock(db, active)).map((v) => ({
    name: `${names.get(String(v.product_id))!.name} - ${String(v.name)}`,
    stock: v.stock,
  }));
}

/** Keep the day's summary once; false when it was already written (a second run of the job). */
export function putDaySummary(
  db: Db,
  day: string,
  summary: Record<string, unknown>,
  now: Date,
): Promise<boolean> {
  return writeIf(() =>
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.daySummary(day),
          type: 'day_summary',
          day,
          ...summary,
          created_at: now.toISOString(),
          ttl: Math.floor(now.getTime() / 1000) + 400 * 24 * 3600,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}
