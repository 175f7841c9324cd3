import { LOW_STOCK_THRESHOLD, SALES_DAYS, type AdminStats } from '@khelaghor/contract/schemas/admin-users';
import { ORDER_STATUSES } from '@khelaghor/contract/facts';
import type { Db } from '../client';
import { queryCatalog } from '../catalog-repo';
import { countAll, queryAll } from '../query-all';
import { listQuery, lists } from '../keys';

const utcDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The admin overview. Sales per day and revenue come from completed orders (gsi3 ORDERS#completed,
 * projected to total and time); counts per status are COUNT queries of the same index; low stock
 * reads the catalogue partition, where each variant carries its available-code counter.
 */
export async function adminStats(db: Db, now: Date): Promise<AdminStats> {
  const days: string[] = [];
  for (let i = SALES_DAYS - 1; i >= 0; i--) {
    days.push(utcDate(new Date(now.getTime() - i * 86_400_000)));
  }
  const windowStart = `${days[0]}T00:00:00.000Z`;

  const [completed, counts, catalog] = await Promise.all([
    queryAll<Record<string, unknown>>(db, {
      ...listQuery(lists.ordersByStatus('completed')),
      ProjectionExpression: 'total_amount, created_at',
      ScanIndexForward: false,
    }),
    Promise.all(ORDER_STATUSES.map((status) => countAll(db, listQuery(lists.ordersByStatus(status))))),
    queryCatalog(db),
  ]);

  const perDay = new Map(days.map((d) => [d, { date: d, total: 0, orders: 0 }]));
  let revenue = 0;
  let revenue14d = 0;
  for (const order of completed) {
    const total = Number(order.total_amount ?? 0);
    revenue += total;
    const createdAt = String(order.created_at ?? '');
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
    .filter((item) => Number(item.stock ?? 0) < LOW_STOCK_THRESHOLD)
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
    low_stock: lowStock,
    generated_at: now.toISOString(),
  };
}
