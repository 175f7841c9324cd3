import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetItems, itemKey } from '../batch-get';
import type { Db } from '../client';
import { isConflict } from '../conflict-retry';
import { keys } from '../keys';
import { isConditionFailure, type TransactItem } from '../transact';

/*
 * A variant's stock is split over `stock_shards` shards. Shard n has its own counter item
 * (STOCK#<variant>#<n>, its own partition) and its own available list (AVAILABLE#<variant>#<n>),
 * and its counter always equals the available codes of that shard: every move of a code changes
 * its shard's counter in the same transaction. A claim writes one shard's counter, so a flash sale
 * spreads over N items instead of queueing on one; the variant's stock is the sum of its shards.
 */

/** Enough for a sale of several thousand claims a second (a counter item takes ~500 claims/s). */
const MAX_STOCK_SHARDS = 16;
/** A shard is added for every this many codes in stock, up to MAX_STOCK_SHARDS; shards never go away. */
const CODES_PER_SHARD = 10;

/** The shard count of a variant (items from before sharding have one). */
export const shardCount = (variant: { stock_shards?: number }) =>
  Math.min(MAX_STOCK_SHARDS, Math.max(1, variant.stock_shards ?? 1));

/** The shard count for a stock size: grows with it, never below `current`. */
export function shardsFor(stock: number, current: number): number {
  return Math.max(current, Math.min(MAX_STOCK_SHARDS, Math.ceil(stock / CODES_PER_SHARD)));
}

export const shardKeys = (variantId: string, shards: number) =>
  Array.from({ length: shards }, (_, n) => keys.stockShard(variantId, n));

/**
 * Up to this many ids of a shard's available codes ride on its counter item (`free_ids`, a string
 * set), so a buyer who read the counters can lock a code without reading the shard's list. It
 * keeps the item under 1 KB, so a write of it stays 1 write unit (2 in a transaction).
 */
export const HINT_CAP = 20;

/** A shard as a claim sees it: its counter, and ids of codes that were available (a hint, maybe stale). */
export interface StockShard {
  stock: number;
  free: string[];
}

/** Each shard from a BatchGet answer (a shard never written counts 0). */
export function stockShards(
  found: Map<string, Record<string, unknown>>,
  variantId: string,
  shards: number,
): StockShard[] {
  return shardKeys(variantId, shards).map((key) => {
    const item = found.get(itemKey(key));
    return {
      stock: Number(item?.stock ?? 0),
      free: [...((item?.free_ids as Set<string> | undefined) ?? [])],
    };
  });
}

export const totalStock = (shards: StockShard[]) => shards.reduce((n, s) => n + s.stock, 0);

export async function readStockShards(
  db: Db,
  variantId: string,
  shards: number,
  consistent = false,
): Promise<StockShard[]> {
  const found = await batchGetItems(db, shardKeys(variantId, shards), { consistent });
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
    ? await batchGetItems(db, wanted, { consistent, projection: 'pk, sk, stock' })
    : new Map<string, Record<string, unknown>>();
  return variants.map((v) => ({ ...v, stock: totalStock(stockShards(found, v.id, shardCount(v))) }));
}

/**
 * A change of one shard's counter. A decrement never takes it below zero and takes the codes that
 * go (`ids`) off the hint; an increment puts `ids` on it (new codes while the hint has room). `open`
 * also requires the variant not to be marked by a delete job (claims and imports; a delete job
 * marks every shard). An increment creates the counter when `create` (an import), else requires it
 * to exist.
 */
export function shardStockChange(
  table: string,
  shard: { variantId: string; shard: number },
  delta: number,
  now: string,
  opts: { open?: boolean; create?: boolean; ids?: string[] } = {},
): TransactItem {
  const open = opts.open ? ' AND attribute_not_exists(deleting_job)' : '';
  const Key = keys.stockShard(shard.variantId, shard.shard);
  const hint = opts.ids?.length ? { ':ids': new Set(opts.ids) } : undefined;
  if (delta < 0) {
    return {
      Update: {
        TableName: table,
        Key,
        UpdateExpression: `SET stock = stock - :n, updated_at = :now${hint ? ' DELETE free_ids :ids' : ''}`,
        // stock > n-1, i.e. stock >= n: the counter never goes below zero. Every decrement goes
        // with codes leaving the available state in the same transaction, and the counter is the
        // count of those codes, so the floor restates their conditions (kept as the counter's own).
        // guard-covered-by: "stock > :floor" by code-transitions.ts claimAvailableCodeItem '#status = :available' (functions/test/stock-invariants.int.test.ts)
        ConditionExpression: `stock > :floor${open}`,
        ExpressionAttributeValues: { ':n': -delta, ':floor': -delta - 1, ':now': now, ...hint },
      },
    };
  }
  return {
    Update: {
      TableName: table,
      Key,
      UpdateExpression: `ADD stock :n${hint ? ', free_ids :ids' : ''} SET variant_id = :variant, stock_shard = :shard, updated_at = :now`,
      // An import's counter: its transaction also checks the variant is not being deleted.
      // guard-covered-by: "attribute_not_exists(deleting_job)" by code-item.ts insertCodesItems' variant check (functions/test/db-guards.int.test.ts, codes only into a live variant)
      ConditionExpression: opts.create ? `attribute_not_exists(deleting_job)` : `attribute_exists(pk)${open}`,
      ExpressionAttributeValues: {
        ':n': delta,
        ':variant': shard.variantId,
        ':shard': shard.shard,
        ':now': now,
        ...hint,
      },
    },
  };
}

/**
 * Put codes a buyer found on a shard's list onto its hint, while the hint is nearly empty (best
 * effort: the condition keeps the item small when buyers race to refill it).
 */
export async function refillHint(db: Db, shard: { variantId: string; shard: number }, ids: string[]) {
  if (ids.length === 0) return;
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.stockShard(shard.variantId, shard.shard),
        UpdateExpression: 'ADD free_ids :ids',
        ConditionExpression: 'stock > :zero AND (attribute_not_exists(free_ids) OR size(free_ids) < :low)',
        ExpressionAttributeValues: { ':ids': new Set(ids), ':zero': 0, ':low': HINT_CAP / 2 },
      }),
    );
  } catch (error) {
    // A claim's transaction is writing the counter (AWS refuses the update, after the client's own
    // tries): the hint is a shortcut, and the claim goes on without refilling it.
    if (!isConditionFailure(error) && !isConflict(error)) throw error;
  }
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
