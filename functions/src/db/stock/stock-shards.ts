import { batchGetItems, itemKey } from '../batch-get';
import type { Db } from '../client';
import { keys } from '../keys';

/*
 * A variant's stock is split over `stock_shards` shards. Shard n has its own item
 * (STOCK#<variant>#<n>, its own partition) that hands out numbered tickets: `tickets` is how many
 * ticket numbers it has (0 .. tickets-1, each naming one code: TICKETS#<variant>#<n>, tickets.ts),
 * `taken` how many were handed out. A buyer takes the next with one conditional update and then
 * claims the code its ticket names in a transaction that touches no item another claim writes.
 * The shard's stock is derived: tickets - taken. New codes and codes back in stock get the next
 * numbers (tickets + 1 ...).
 */

/** Enough for a sale of 5,000 claims a second with five buyers a code (an item takes 1,000 writes a second). */
const MAX_STOCK_SHARDS = 64;
/** A shard is added for every this many codes in stock, up to MAX_STOCK_SHARDS; shards never go away. */
const CODES_PER_SHARD = 4;

/** The shard count of a variant (items from before sharding have one). */
export const shardCount = (variant: { stock_shards?: number }) =>
  Math.min(MAX_STOCK_SHARDS, Math.max(1, variant.stock_shards ?? 1));

/** The shard count for a stock size: grows with it, never below `current`. */
export function shardsFor(stock: number, current: number): number {
  return Math.max(current, Math.min(MAX_STOCK_SHARDS, Math.ceil(stock / CODES_PER_SHARD)));
}

export const shardKeys = (variantId: string, shards: number) =>
  Array.from({ length: shards }, (_, n) => keys.stockShard(variantId, n));

/** A shard's ticket counters (a shard never written has none). */
export interface StockShard {
  tickets: number;
  taken: number;
}

/** Codes a shard still sells: tickets not handed out. */
export const shardStock = (s: StockShard) => Math.max(0, s.tickets - s.taken);

export const toStockShard = (item: Record<string, unknown> | undefined): StockShard => ({
  tickets: Number(item?.tickets ?? 0),
  taken: Number(item?.taken ?? 0),
});

/** Each shard from a BatchGet answer. */
export function stockShards(
  found: Map<string, Record<string, unknown>>,
  variantId: string,
  shards: number,
): StockShard[] {
  return shardKeys(variantId, shards).map((key) => toStockShard(found.get(itemKey(key))));
}

export const totalStock = (shards: StockShard[]) => shards.reduce((n, s) => n + shardStock(s), 0);

export async function readStockShards(
  db: Db,
  variantId: string,
  shards: number,
  consistent = false,
): Promise<StockShard[]> {
  const found = await batchGetItems(db, shardKeys(variantId, shards), {
    consistent,
    projection: 'pk, sk, tickets, taken',
  });
  return stockShards(found, variantId, shards);
}

/** The variants with `stock` = the sum of their shards, read in one BatchGet per 100 shards. */
export async function withStock<T extends { id: string; stock_shards?: number }>(
  db: Db,
  variants: T[],
  consistent = false,
): Promise<Array<T & { stock: number }>> {
  const wanted = variants.flatMap((v) => shardKeys(v.id, shardCount(v)));
  const found = wanted.length
    ? await batchGetItems(db, wanted, { consistent, projection: 'pk, sk, tickets, taken' })
    : new Map<string, Record<string, unknown>>();
  return variants.map((v) => ({ ...v, stock: totalStock(stockShards(found, v.id, shardCount(v))) }));
}

/** Which shards get new codes: each code to the shard with the fewest, so shards stay even. */
export function assignShards(stock: number[], count: number): number[] {
  const level = [...stock];
  return Array.from({ length: count }, () => {
    let best = 0;
    for (let n = 1; n < level.length; n++) if (level[n]! < level[best]!) best = n;
    level[best]!++;
    return best;
  });
}

/** Items grouped by shard, in runs of at most `max`: a transaction fills or empties one shard. */
export function shardBatches<T>(
  items: T[],
  shardOf: (item: T, index: number) => number,
  max: number,
): Array<{ shard: number; items: T[] }> {
  const byShard = new Map<number, T[]>();
  items.forEach((item, i) => {
    const shard = shardOf(item, i);
    byShard.set(shard, [...(byShard.get(shard) ?? []), item]);
  });
  return [...byShard.entries()].flatMap(([shard, ofShard]) =>
    Array.from({ length: Math.ceil(ofShard.length / max) }, (_, i) => ({
      shard,
      items: ofShard.slice(i * max, (i + 1) * max),
    })),
  );
}
