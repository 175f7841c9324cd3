import { SALES_DAYS, type AdminStats } from '@khelaghor/contract/schemas/admin-users';
import { ORDER_STATUSES } from '@khelaghor/contract/facts';
import type { Db } from '../client';
import { queryCatalog } from '../catalog/catalog-items';
import { countAll, queryAll } from '../query-all';
import { listQuery, shardedLists } from '../keys';
import { partitionsOf } from '../list-items';
import { readNotifySettings } from '../notify/notify-settings';

const utcDate = (d: Date) => d.toISOString().slice(0, 10);

/** Every completed order as (total, created_at), from the index alone: all its partitions. */
async function completedOrders(db: Db) {
  const pages = await Promise.all(
    partitionsOf(shardedLists.ordersByStatus('completed')).map((list) =>
      queryAll<{ total_amount?: number; gsi3sk: string }>(db, {
        ...listQuery(list),
        ProjectionExpression: 'total_amount, gsi3sk',
      }),
    ),
  );
  // The sort key is timeKey(created_at, id): created_at is what precedes the first '#'.
  return pages
    .flat()
    .map((o) => ({ total: Number(o.total_amount ?? 0), createdAt: o.gsi3sk.split('#')[0]! }));
}

const countOrders = async (db: Db, status: string) =>
  (
    await Promise.all(
      partitionsOf(shardedLists.ordersByStatus(status)).map((list) => countAll(db, listQuery(list))),
    )
  ).reduce((a, b) => a + b, 0);

/**
 * The admin overview. Sales per day and revenue come from completed orders (gsi3
 * ORDERS#completed#NN, which projects total_amount; the time is in the sort key), which also
 * counts them; the other statuses are COUNT queries of their partitions; low stock reads the
 * catalogue partition, where each variant carries its available-code counter.
 */
export async function adminStats(db: Db, now: Date): Promise<AdminStats> {
  const days: string[] = [];
  for (let i = SALES_DAYS - 1; i >= 0; i--) {
    days.push(utcDate(new Date(now.getTime() - i * 86_400_000)));
  }
  const windowStart = `${days[0]}T00:00:00.000Z`;

  const [completed, counts, catalog, { low_stock_level: lowStockLevel }] = await Promise.all([
    completedOrders(db),
    Promise.all(ORDER_STATUSES.map((status) => (status === 'completed' ? 0 : countOrders(db, status)))),
    queryCatalog(db),
    readNotifySettings(db),
  ]);
  counts[ORDER_STATUSES.indexOf('completed')] = completed.length;

  const perDay = new Map(days.map((d) => [d, { date: d, total: 0, orders: 0 }]));
  let revenue = 0;
  let revenue14d = 0;
  for (const { total, createdAt } of completed) {
    revenue += total;
    if (createdAt >= windowStart) {
      revenue14d += total;
      const day = perDay.get(createdAt.slice(0, 10));
      if (day) {
        day.total += total;
        day.orders += 1;
      }
    }
  }

  const productNames = new Map<string, { name: string; active: boolean }>();
  for (const item of catalog.products) {
    productNames.set(String(item.id), { name: String(item.name ?? ''), active: item.is_active !== false });
  }
  const lowStock = catalog.variants
    .filter((item) => Number(item.stock ?? 0) < lowStockLevel)
    .map((v) => {
      const product = productNames.get(String(v.product_id));
      return {
        variant_id: String(v.id),
        product_id: String(v.product_id),
        product_name: product?.name ?? '',
        variant_name: String(v.name ?? ''),
        stock: Number(v.stock ?? 0),
        is_active: v.is_active !== false && product?.active !== false,
      };
    })
    .sort((a, b) => a.stock - b.stock || a.product_name.localeCompare(b.product_name));

  return {
    sales_per_day: [...perDay.values()],
    orders_by_status: Object.fromEntries(
      ORDER_STATUSES.map((s, i) => [s, counts[i] ?? 0]),
    ) as AdminStats['orders_by_status'],
    revenue,
    revenue_14d: revenue14d,
    low_stock_level: lowStockLevel,
    low_stock: lowStock,
    generated_at: now.toISOString(),
  };
}
