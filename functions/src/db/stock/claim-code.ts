import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { isConflict } from '../conflict-retry';
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
import { readStockShards, refillHint, shardCount, type StockShard } from './stock-shards';

export interface ClaimCodeInput extends CodeClaim {
  variantId: string;
  productId: string;
  /** The variant's stock shards as the caller read them (index = shard); read here when absent. */
  shards?: StockShard[];
  /**
   * Read the shards again (the caller may read its own items in the same call; it throws to stop
   * the claim).
   */
  recount?: () => Promise<StockShard[]>;
  /**
   * Other writes that must commit in the SAME transaction (order, payment, balance, ledger...);
   * `shard`: the stock shard the code is claimed from.
   */
  extraWrites?: (code: { id: string }, shard: number) => Write[];
  /**
   * The caller's writes were refused (e.g. its balance moved): resolve true to send the
   * transaction again with the code still locked (extraWrites is asked again), false to stop with
   * the refusal; a throw stops the claim with that error. The lock is kept meanwhile, so a buyer
   * racing only itself for its own balance never gives its code back between tries.
   */
  retryRefused?: (refused: WriteRefused) => boolean | Promise<boolean>;
  /**
   * Runs each sending of the claim's transaction, with the code locked (e.g. inside the account's
   * wallet turn, reading the balance first): only this part of the claim waits for it.
   */
  aroundTransaction?: (send: () => Promise<void>) => Promise<void>;
  random?: () => number;
}

/** Fewer hinted codes than this left to try: read the shard's list instead. */
const MIN_HINTED = 3;
/** Claimable codes read from a shard's list when its hint has none left to try. */
const PAGE = 10;
/** Counts of the shards, after every shard was found with nothing claimable, before 'Out of stock'. */
const MAX_RECOUNTS = 2;
/** Steps (lock attempts, reads, conflicted transactions) before answering 'Too many buyers'. */
const MAX_ATTEMPTS = 25;
/** A lock left by a request that died between lock and transaction frees itself after this. */
const LOCK_MS = 10_000;

type Code = { id: string };

/**
 * Claim one available code of a variant for an order.
 *
 * The buyer picks a stock shard with codes left (at random, weighted by its counter) and locks one
 * of the codes its counter item names (the hint, read with the counters: no read of the list),
 * picked at random; when the hint has fewer than MIN_HINTED left to try, it reads a few claimable
 * codes of the shard's list instead (and puts them on an empty hint). The lock is a single conditional update,
 * cheap to lose, that sorts racing buyers out before the transaction. The transaction is the only
 * step that moves anything: the code (condition: still available and locked by us), its shard's
 * counter (-1, condition stock > 0; the code off the hint) and the caller's extra items, all or
 * nothing. A loser never spends a transaction, and a lock never blocks for long: it is released
 * when the claim fails and expires after LOCK_MS.
 *
 * A buyer who loses a lock waits about as long as the lock took (the claims in flight settle
 * meanwhile) and counts the shards again: after a sell-out that count is its answer. 'Out of stock'
 * = no code is claimable now: every shard is sold out, or every code left is locked by a claim in
 * flight (after at most MAX_RECOUNTS counts). Throws outOfStock(), or WriteRefused naming the
 * caller's writes whose conditions failed (the lock is released first).
 */
export async function claimCode(db: Db, input: ClaimCodeInput): Promise<Code> {
  if (input.mode === 'reserve' && !input.holdUntil)
    throw new Error('holdUntil is required to reserve a code');
  const random = input.random ?? Math.random;
  const owner = input.orderId;
  const recount = input.recount ?? (() => currentShards(db, input.productId, input.variantId));
  let shards = input.shards ?? (await recount());
  let recounts = 0;
  // Shards found with nothing claimable since the last count (sold out, or locked by claims in flight).
  const drained = new Set<number>();
  // Codes another buyer holds or took: the hint and the (eventually consistent) list may still name them.
  const lost = new Set<string>();
  // Hinted codes found gone (a refill raced a claim): the claim's transaction takes them off the hint.
  const stale = new Map<number, string[]>();
  // After losing a code to a buyer in flight, the lists (which leave locked codes out) say more than
  // the hints (which keep them until they are sold).
  let useHints = true;
  const countAgain = async () => {
    const again = await recount();
    // A drained shard stays out while its counter has not moved (its codes are in flight).
    for (const n of [...drained]) if (again[n]?.stock !== shards[n]?.stock) drained.delete(n);
    shards = again;
  };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const shard = pickShard(shards, drained, random);
    if (shard === undefined) throw outOfStock();
    const offered = useHints ? shards[shard]!.free.filter((id) => !lost.has(id)) : [];
    // The last few codes of a shard are most likely locked already: the list, which leaves locked
    // codes out, costs a read instead of a lost lock for every buyer who comes late.
    const hinted = offered.length >= MIN_HINTED ? offered : [];
    const listed = hinted.length > 0 ? [] : await claimableCodes(db, input.variantId, shard, random);
    const candidates = hinted.length > 0 ? hinted : listed.filter((id) => !lost.has(id));
    if (candidates.length === 0) {
      // Nothing claimable in this shard now. Rather than read the other shards one by one, let the
      // claims in flight settle and count every shard again (one call).
      drained.add(shard);
      if (recounts++ >= MAX_RECOUNTS) throw outOfStock();
      lost.clear();
      await pause(attempt + 3, random);
      await countAgain();
      continue;
    }
    const chosen = candidates[Math.min(candidates.length - 1, Math.floor(random() * candidates.length))]!;
    const refill = shards[shard]!.free.length === 0 ? listed.filter((id) => id !== chosen) : [];
    const started = performance.now();
    const [locked] = await Promise.all([
      lockCode(db, input.variantId, chosen, owner),
      refillHint(db, { variantId: input.variantId, shard }, refill),
    ]);
    if (locked === 'gone') {
      // Sold since our read (or a stale hint): the read is out of date, count again.
      lost.add(chosen);
      stale.set(shard, [...(stale.get(shard) ?? []), chosen]);
      await countAgain();
      continue;
    }
    if (locked === 'locked') {
      const code = { id: chosen };
      let outcome: 'claimed' | 'lost' | 'conflict';
      const offHint = [chosen, ...(stale.get(shard) ?? [])];
      const around = input.aroundTransaction ?? ((f) => f());
      const send = async (): Promise<typeof outcome> => {
        let result: typeof outcome = 'lost';
        try {
          await around(async () => {
            result = await transactClaim(db, input, { shard, offHint }, code, owner);
          });
          return result;
        } catch (error) {
          if (!(error instanceof WriteRefused) || !(await input.retryRefused?.(error))) throw error;
          return send();
        }
      };
      try {
        outcome = await send();
        while (outcome === 'conflict' && ++attempt < MAX_ATTEMPTS) {
          await pause(attempt, random);
          outcome = await send();
        }
      } catch (error) {
        await unlockCode(db, input.variantId, chosen, owner);
        throw error;
      }
      if (outcome === 'claimed') return code;
      if (outcome === 'conflict') await unlockCode(db, input.variantId, chosen, owner);
    }
    // Another buyer holds the code (its claim is in flight) or took it: give the claims in flight
    // about as long as the lock took to settle, then count again.
    lost.add(chosen);
    useHints = false;
    await wait((performance.now() - started) * (1 + random()));
    await countAgain();
  }
  throw conflict('Too many buyers right now. Please try again.');
}

/** A shard with codes left, weighted by its counter (undefined when none is left to try). */
function pickShard(shards: StockShard[], drained: Set<number>, random: () => number): number | undefined {
  const open = shards.map((s, n) => (s.stock > 0 && !drained.has(n) ? s.stock : 0));
  const total = open.reduce((a, b) => a + b, 0);
  if (total === 0) return undefined;
  let point = random() * total;
  for (const [shard, n] of open.entries()) {
    if (point < n) return shard;
    point -= n;
  }
  return open.findLastIndex((n) => n > 0);
}

/** The shards of a variant, read strongly consistent (for callers that did not read them). */
async function currentShards(db: Db, productId: string, variantId: string): Promise<StockShard[]> {
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.table,
      Key: keys.variant(productId, variantId),
      ProjectionExpression: 'stock_shards',
      ConsistentRead: true,
    }),
  );
  return readStockShards(db, variantId, shardCount(res.Item ?? {}), true);
}

/** The transaction of a claim with a locked code. 'lost' when the code is no longer ours. */
async function transactClaim(
  db: Db,
  input: ClaimCodeInput,
  { shard, offHint }: { shard: number; offHint: string[] },
  chosen: Code,
  owner: string,
): Promise<'claimed' | 'lost' | 'conflict'> {
  const writes: Write[] = [
    write(
      'code',
      claimAvailableCodeItem({ variant_id: input.variantId, id: chosen.id }, input, owner, db.table),
    ),
    write('stock', claimStockItem({ variantId: input.variantId, shard }, offHint, input.now, db.table)),
    ...(input.extraWrites?.(chosen, shard) ?? []),
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
): Promise<string[]> {
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
      return res.Items.map((item) => String(item.sk).slice(keys.codePrefix().length));
  }
  return [];
}

/**
 * Lock an available code for LOCK_MS: it moves to the locked range of the available list, so other
 * buyers stop seeing it. Locks use the real clock, not the order's `now`: they only sort out buyers
 * racing right now. 'held' when another buyer holds it, 'gone' when it is no longer available.
 */
async function lockCode(
  db: Db,
  variantId: string,
  codeId: string,
  owner: string,
): Promise<'locked' | 'held' | 'gone'> {
  const now = Date.now();
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.code(variantId, codeId),
        UpdateExpression: 'SET lock_owner = :owner, lock_until = :until, gsi1sk = :locked',
        // The lock only sorts out buyers racing now; what sells a code once is the claim's own
        // transaction, which checks the status and this lock's owner again (claimAvailableCodeItem).
        // guard-covered-by: code-transitions.ts claimAvailableCodeItem '#status = :available AND lock_owner = :owner' (functions/test/claim-code.int.test.ts, 100 concurrent claims)
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
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return 'locked';
  } catch (error) {
    // The code is in another buyer's claim transaction right now (AWS refuses a write to it, after
    // the client's own tries): it is held, as by a lock.
    if (isConflict(error)) return 'held';
    if (!isConditionFailure(error)) throw error;
    const old = (error as { Item?: Record<string, { S?: string }> }).Item;
    return old?.status?.S === 'available' ? 'held' : 'gone';
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
        // Best effort (a lock expires anyway); a code sold or re-locked meanwhile is still sold
        // once: the claim's transaction checks the status and the lock's owner.
        // guard-covered-by: code-transitions.ts claimAvailableCodeItem '#status = :available AND lock_owner = :owner' (functions/test/claim-code.int.test.ts, 100 concurrent claims)
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

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Short jittered pause so racing buyers do not retry in lockstep. */
function pause(attempt: number, random: () => number): Promise<void> {
  return wait(Math.min(200, 5 * 2 ** Math.min(attempt, 5)) * (0.5 + random()));
}
