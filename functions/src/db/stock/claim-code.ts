import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

export interface ClaimCodeInput extends CodeClaim {
  variantId: string;
  productId: string;
  /** Other writes that must commit in the SAME transaction (order, payment, balance, ledger...). */
  extraWrites?: (code: { id: string; code: string }) => Write[];
  random?: () => number;
}

/** Claimable codes read per attempt, to pick one at random. */
const PAGE = 5;
/** Steps (lock attempts, conflicted transactions) before answering 'Too many buyers'. */
const MAX_ATTEMPTS = 25;
/** A lock left by a request that died between lock and transaction frees itself after this. */
export const LOCK_MS = 10_000;

type Code = { id: string; code: string };

/**
 * Claim one available code of a variant for an order.
 *
 * Buyers racing for the same codes are sorted out by a lock on the code (a single conditional
 * update, cheap to lose) before the transaction, which is the only step that moves anything: the
 * code (condition: still available and locked by us), the stock counter (-1, condition stock > 0)
 * and the caller's extra items, all or nothing. A loser never spends a transaction, and a lock
 * never blocks for long: it is released when the claim fails and expires after LOCK_MS.
 *
 * Throws outOfStock() when no unlocked code is left, WriteRefused naming the caller's writes whose
 * conditions failed (the lock is released first).
 */
export async function claimCode(db: Db, input: ClaimCodeInput): Promise<Code> {
  if (input.mode === 'reserve' && !input.holdUntil)
    throw new Error('holdUntil is required to reserve a code');
  const random = input.random ?? Math.random;
  const owner = input.orderId;
  // Codes we lost that the (eventually consistent) index may still list as free.
  const lost = new Set<string>();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const free = await claimableCodes(db, input.variantId, random);
    const candidates = free.filter((c) => !lost.has(c.id));
    if (candidates.length === 0) {
      // Every code is sold, reserved or locked by another buyer's claim in flight.
      if (free.length === 0) throw outOfStock();
      // Only codes we already lost: the index is catching up. Read again after a pause.
      lost.clear();
      await pause(attempt, random);
      continue;
    }
    const chosen = candidates[Math.min(candidates.length - 1, Math.floor(random() * candidates.length))]!;
    if (!(await lockCode(db, input.variantId, chosen.id, owner))) {
      // Another buyer is claiming it: read again after a short pause.
      lost.add(chosen.id);
      await pause(attempt, random);
      continue;
    }
    let outcome: 'claimed' | 'lost' | 'conflict';
    try {
      outcome = await transactClaim(db, input, chosen, owner);
      while (outcome === 'conflict' && ++attempt < MAX_ATTEMPTS) {
        await pause(attempt, random);
        outcome = await transactClaim(db, input, chosen, owner);
      }
    } catch (error) {
      await unlockCode(db, input.variantId, chosen.id, owner);
      throw error;
    }
    if (outcome === 'claimed') return chosen;
    if (outcome === 'conflict') await unlockCode(db, input.variantId, chosen.id, owner);
    lost.add(chosen.id);
  }
  throw conflict('Too many buyers right now. Please try again.');
}

/** The transaction of a claim with a locked code. 'lost' when the code is no longer ours. */
async function transactClaim(
  db: Db,
  input: ClaimCodeInput,
  chosen: Code,
  owner: string,
): Promise<'claimed' | 'lost' | 'conflict'> {
  const writes: Write[] = [
    write(
      'code',
      claimAvailableCodeItem({ variant_id: input.variantId, id: chosen.id }, input, owner, db.table),
    ),
    write(
      'stock',
      claimStockItem({ product_id: input.productId, variant_id: input.variantId }, input.now, db.table),
    ),
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
 * A few claimable codes: free ones from a random point of the scattered list (racing buyers see
 * different codes; from the start when the point is past the last code), then codes whose lock
 * expired. Empty when every code is sold, reserved or locked by a claim in flight.
 */
async function claimableCodes(db: Db, variantId: string, random: () => number): Promise<Code[]> {
  const until = availableSortKeys.claimableBefore(Date.now());
  for (const from of [availableSortKeys.randomStart(random), availableSortKeys.firstFree]) {
    const res = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        ...listQuery(lists.availableCodes(variantId), {
          sk: '#sk BETWEEN :from AND :until',
          values: { ':from': from, ':until': until },
        }),
        ProjectionExpression: 'id, code',
        Limit: PAGE,
      }),
    );
    if (res.Items && res.Items.length > 0) return res.Items as Code[];
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
