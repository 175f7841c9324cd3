import type { Db } from '../../db/client';
import { ordersCreatedBetween, putDaySummary, variantStockList } from '../../db/notify/day-summary';
import { readNotifySettings } from '../../db/notify/notify-settings';
import type { DaySummary } from './shop-messages';

/** Bangladesh has no daylight saving: its day starts at 18:00 UTC of the day before. */
const DHAKA_OFFSET_MS = 6 * 3600_000;
const TOP = 5;

/** The Dhaka day before `now`, with its start and end as UTC ISO times. */
export function previousDhakaDay(now: Date): { day: string; from: string; until: string } {
  const today = new Date(now.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
  const until = Date.parse(`${today}T00:00:00.000Z`) - DHAKA_OFFSET_MS;
  const from = until - 86_400_000;
  return {
    day: new Date(from + DHAKA_OFFSET_MS).toISOString().slice(0, 10),
    from: new Date(from).toISOString(),
    until: new Date(until).toISOString(),
  };
}

/**
 * Run hourly: the first run of a Dhaka day writes yesterday's summary once; the notifier mails it
 * from the change stream like every other message. Later runs find it written and do nothing.
 */
export async function writeDailySummary(db: Db, now: Date): Promise<{ day: string; written: boolean }> {
  const { day, from, until } = previousDhakaDay(now);
  const [orders, stock, settings] = await Promise.all([
    ordersCreatedBetween(db, from, until),
    variantStockList(db),
    readNotifySettings(db),
  ]);
  const completed = orders.filter((o) => o.status === 'completed');
  const byPackage = new Map<string, { name: string; count: number; revenue: number }>();
  for (const o of completed) {
    const name = `${o.product_name} - ${o.variant_name}`;
    const row = byPackage.get(name) ?? { name, count: 0, revenue: 0 };
    row.count += 1;
    row.revenue += o.total_amount;
    byPackage.set(name, row);
  }
  const summary: Omit<DaySummary, 'day'> = {
    orders: orders.length,
    completed: completed.length,
    revenue: completed.reduce((sum, o) => sum + o.total_amount, 0),
    top: [...byPackage.values()].sort((a, b) => b.revenue - a.revenue || b.count - a.count).slice(0, TOP),
    low: stock.filter((v) => v.stock < settings.low_stock_level).sort((a, b) => a.stock - b.stock),
  };
  return { day, written: await putDaySummary(db, day, summary, now) };
}
