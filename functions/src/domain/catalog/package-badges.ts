import { dhakaDay } from '@khelaghor/contract/dhaka-day';
/**
 * The product page's honest comparisons (issue 35): a package's price per unit, 'Best value' and
 * 'Popular'. Plain decisions over plain data; the server sends the figures, the SPA only formats.
 */

/** Completed orders in the last this many Dhaka days (today included) make a package 'Popular'. */
export const POPULAR_DAYS = 7;
/** Fewer sales than this are not a trend: one order does not make a package 'Popular'. */
const POPULAR_MIN_SALES = 3;

export { dhakaDay };

/** The first and last day of the Popular window ending on `now`'s Dhaka day. */
export function popularWindow(now: Date): { from: string; to: string } {
  const to = dhakaDay(now);
  const from = new Date(Date.parse(`${to}T00:00:00.000Z`) - (POPULAR_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return { from, to };
}

/** Price of one unit in poisha, rounded half up; null for a package not counted in units. */
export function unitPrice(p: { price: number; units?: number | null }): number | null {
  return p.units && p.units > 0 ? Math.round(p.price / p.units) : null;
}

interface Package {
  id: string;
  price: number;
  units?: number | null;
  stock: number;
}

/**
 * The packages with the lowest price per unit, compared exactly (price × other's units, no
 * rounding), among those a buyer can pick now (in stock) that have units; at least two must be
 * compared. Ties: every package at the lowest price gets the badge, unless all of them share it
 * (then none is better than another, and none gets it).
 */
export function bestValueIds(packages: Package[]): Set<string> {
  const counted = packages.filter((p) => p.stock > 0 && p.units && p.units > 0);
  if (counted.length < 2) return new Set();
  // a/ua < b/ub  <=>  a·ub < b·ua (integers well inside 2^53: price ≤ 10^7, units ≤ 10^7).
  const cheaper = (a: Package, b: Package) => a.price * b.units! - b.price * a.units!;
  const best = counted.reduce((low, p) => (cheaper(p, low) < 0 ? p : low));
  const lowest = counted.filter((p) => cheaper(p, best) === 0);
  return lowest.length === counted.length ? new Set() : new Set(lowest.map((p) => p.id));
}

/**
 * The packages with the most completed orders in the window, if at least POPULAR_MIN_SALES; ties
 * at the top all get the badge (each sold as well as any other).
 */
export function popularIds(sales: Map<string, number>, activeIds: string[]): Set<string> {
  const counts = activeIds.map((id) => sales.get(id) ?? 0);
  const top = Math.max(0, ...counts);
  if (top < POPULAR_MIN_SALES) return new Set();
  return new Set(activeIds.filter((_, i) => counts[i] === top));
}
