import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { availableSortKeys, keys, listQuery, lists } from '../keys';
import {
  isConditionFailure,
  isTransactionConflict,
  transact,
  write,
  WriteRefused,
  type Write,
} from '../transact';
import { conflict, outOfStock } from '../../domain/refusals';
import { claimAvailableCodeItem, claimStockItem, type CodeClaim } from './code-transitions';
import { readShardStock, shardCount } from './stock-shards';

export interface ClaimCodeInput extends CodeClaim {
  variantId: string;
  productId: string;
  /** Each stock shard's counter as the caller read it (index = shard); read here when absent. */
  stock?: number[];
  /**
   * Read the counters again, once every shard the caller's read offered turned out empty (the
   * caller may read its own items in the same call; it throws to stop the claim).
   */
  recount?: () => Promise<number[]>;
  /** Other writes that must commit in the SAME transaction (order, payment, balance, ledger...). */
  extraWrites?: (code: { id: string }) => Write[];
  random?: () => number;
}

/** Claimable codes read per attempt, to pick from at random (keys only: a small read). */
const PAGE = 10;
/** Counts of the shards after the first read before 'Out of stock' (codes locked in flight). */
const MAX_RECOUNTS = 2;
/** Steps (reads, lock attempts, conflicted transactions) before answering 'Too many buyers'. */
const MAX_ATTEMPTS = 25;
/** A lock left by a request that died between lock and transaction frees itself after this. */
export const LOCK_MS = 10_000;

type Code = { id: string };

/**
 * Claim one available code of a variant for an order.
 *
 * The buyer picks a stock shard with codes left (at random, weighted by its counter), reads a few
 * claimable codes of it from a random point and locks one of them, picked at random (one lock per
 * read): a single conditional update, cheap to
 * lose, that sorts racing buyers out before the transaction. The transaction is the only step that
 * moves anything: the code (condition: still available and locked by us), its shard's counter (-1,
 * condition stock > 0) and the caller's extra items, all or nothing. A loser never spends a
 * transaction, and a lock never blocks for long: it is released when the claim fails and expires
 * after LOCK_MS.
 *
 * 'Out of stock' = no code is claimable now: every shard is sold out, or every code left is locked
 * by a claim in flight, after at most MAX_RECOUNTS recounts of the counters. Throws outOfStock(), or WriteRefused
 * naming the caller's writes whose conditions failed (the lock is released first).
 */
export async function claimCode(db: Db, input: ClaimCodeInput): Promise<Code> {
  if (input.mode === 'reserve' && !input.holdUntil)
    throw new Error('holdUntil is required to reserve a code');
  const random = input.random ?? Math.random;
  const owner = input.orderId;
  const recount = input.recount ?? (() => currentStock(db, input.productId, input.variantId));
  let stock = input.stock ?? (await recount());
  let recounts = 0;
  // Shards found empty since the last count (sold out, or every code locked by a claim in flight).
  const drained = new Set<number>();
  // Codes we lost that the (eventually consistent) index may still list as free.
  const lost = new Set<string>();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const shard = pickShard(stock, drained, random);
    if (shard === undefined) throw outOfStock();
    const listed = await claimableCodes(db, input.variantId, shard, random);
    const free = listed.filter((c) => !lost.has(c.id));
    if (listed.length === 0) {
      // Every code of the shard is sold or locked by a claim in flight. Rather than read the other
      // shards one by one, let the claims in flight settle and count every shard again (one call).
      if (recounts >= MAX_RECOUNTS) throw outOfStock();
      drained.add(shard);
      await pause(attempt + 3, random);
      const again = await recount();
      recounts++;
      // A shard found empty stays out while its counter has not moved (its codes are in flight).
      for (const n of [...drained]) if (again[n] !== stock[n]) drained.delete(n);
      stock = again;
      continue;
    }
    if (free.length === 0) {
      // Only codes we already lost: the index is catching up. Read again after a pause.
      lost.clear();
      await pause(attempt, random);
      continue;
    }
    const chosen = free[Math.min(free.length - 1, Math.floor(random() * free.length))]!;
    if (await lockCode(db, input.variantId, chosen.id, owner)) {
      let outcome: 'claimed' | 'lost' | 'conflict';
      try {
        outcome = await transactClaim(db, input, shard, chosen, owner);
        while (outcome === 'conflict' && ++attempt < MAX_ATTEMPTS) {
          await pause(attempt, random);
          outcome = await transactClaim(db, input, shard, chosen, owner);
        }
      } catch (error) {
        await unlockCode(db, input.variantId, chosen.id, owner);
        throw error;
      }
      if (outcome === 'claimed') return chosen;
      if (outcome === 'conflict') await unlockCode(db, input.variantId, chosen.id, owner);
    } else {
      attempt++; // Another buyer is claiming it.
    }
    lost.add(chosen.id);
    await pause(attempt, random);
  }
  throw conflict('Too many buyers right now. Please try again.');
}

/** A shard with codes left, weighted by its counter (undefined when none is left to try). */
function pickShard(stock: number[], drained: Set<number>, random: () => number): number | undefined {
  const open = stock.map((n, shard) => (n > 0 && !drained.has(shard) ? n : 0));
  const total = open.reduce((a, b) => a + b, 0);
  if (total === 0) return undefined;
  let point = random() * total;
  for (const [shard, n] of open.entries()) {
    if (point < n) return shard;
    point -= n;
  }
  return open.findLastIndex((n) => n > 0);
}

/** The counters of a variant's shards, read strongly consistent (for callers that did not read them). */
async function currentStock(db: Db, productId: string, variantId: string): Promise<number[]> {
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.table,
      Key: keys.variant(productId, variantId),
      ProjectionExpression: 'stock_shards',
      ConsistentRead: true,
    }),
  );
  return readShardStock(db, variantId, shardCount(res.Item ?? {}), true);
}

/** The transaction of a claim with a locked code. 'lost' when the code is no longer ours. */
async function transactClaim(
  db: Db,
  input: ClaimCodeInput,
  shard: number,
  chosen: Code,
  owner: string,
): Promise<'claimed' | 'lost' | 'conflict'> {
  const writes: Write[] = [
    write(
      'code',
      claimAvailableCodeItem({ variant_id: input.variantId, id: chosen.id }, input, owner, db.table),
    ),
    write('stock', claimStockItem({ variantId: input.variantId, shard }, input.now, db.table)),
    ...(input.extraWrites?.(chosen) ?? []),
  ];
  try {
    await transact(db, writes);
    return 'claimed';
  } catch (error) {
    if (error instanceof WriteRefused) {
      if (error.has('stock')) throw outOfStock();
      const theirs = error.failed.filter((name) => name !== 'code');
      if (theirs.length > 0) throw new WriteRefused(theirs, error.items);
      return 'lost'; // The lock expired and another buyer took the code.
    }
    if (isTransactionConflict(error)) return 'conflict';
    throw error;
  }
}

/**
 * A few claimable codes of one shard: free ones from a random point of the scattered list (racing
 * buyers see different codes; from the start when the point is past the last code), then codes
 * whose lock expired. Empty when every code of the shard is sold, reserved or locked by a claim in
 * flight. Only keys are read: the code id is the end of the table sort key.
 */
async function claimableCodes(
  db: Db,
  variantId: string,
  shard: number,
  random: () => number,
): Promise<Code[]> {
  const until = availableSortKeys.claimableBefore(Date.now());
  for (const from of [availableSortKeys.randomStart(random), availableSortKeys.firstFree]) {
    const res = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        ...listQuery(lists.availableCodes(variantId, shard), {
          sk: '#sk BETWEEN :from AND :until',
          values: { ':from': from, ':until': until },
        }),
        ProjectionExpression: 'sk',
        Limit: PAGE,
      }),
    );
    if (res.Items && res.Items.length > 0)
      return res.Items.map((item) => ({ id: String(item.sk).slice(keys.codePrefix().length) }));
  }
  return [];
}

/**
 * Lock an available code for LOCK_MS: it moves to the locked range of the available list, so other
 * buyers stop seeing it. Locks use the real clock, not the order's
 * `now`: they only sort out buyers racing right now. False when the code is not available or
 * another buyer holds it.
 */
async function lockCode(db: Db, variantId: string, codeId: string, owner: string): Promise<boolean> {
  const now = Date.now();
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.code(variantId, codeId),
        UpdateExpression: 'SET lock_owner = :owner, lock_until = :until, gsi1sk = :locked',
        ConditionExpression:
          '#status = :available AND (attribute_not_exists(lock_until) OR lock_until < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':available': 'available',
          ':owner': owner,
          ':until': now + LOCK_MS,
          ':now': now,
          ':locked': availableSortKeys.locked(now + LOCK_MS, codeId),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Give a lock back at once, the code back to the free range (best effort: a lock expires anyway). */
async function unlockCode(db: Db, variantId: string, codeId: string, owner: string): Promise<void> {
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.code(variantId, codeId),
        UpdateExpression: 'SET gsi1sk = :free REMOVE lock_owner, lock_until',
        ConditionExpression: 'lock_owner = :owner AND #status = :available',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':owner': owner,
          ':available': 'available',
          ':free': availableSortKeys.free(codeId),
        },
      }),
    )
    .catch(() => undefined);
}

/** Short jittered pause so racing buyers do not retry in lockstep. */
function pause(attempt: number, random: () => number): Promise<void> {
  const ms = Math.min(200, 5 * 2 ** Math.min(attempt, 5)) * (0.5 + random());
  return new Promise((r) => setTimeout(r, ms));
}
