import { batchGetItems, itemKey, type ItemKey } from '../batch-get';
import { catalogForOrder } from '../catalog/catalog-items';
import type { Db } from '../client';
import { keys } from '../keys';
import { isTransactionConflict, transact, write, WriteRefused, type Write } from '../transact';
import { conflict, outOfStock } from '../../domain/refusals';
import { claimAvailableCodeItem, type CodeClaim } from './code-transitions';
import { shardCount, shardStock, toStockShard } from './stock-shards';
import {
  claimTicketWrites,
  giveTicketBack,
  soldOutKeys,
  takeTicket,
  ticketCode,
  type Empty,
  type Ticket,
} from './tickets';

export type Found = Map<string, Record<string, unknown>>;

export interface ClaimCodeInput extends CodeClaim {
  variantId: string;
  productId: string;
  /** The variant's stock shard count (default: the package as this container knows it). */
  shards?: number;
  /** Keys the caller reads with the ticket's item once it has a ticket (its answer goes to `onRead`). */
  readAlong?: ItemKey[];
  /**
   * Keys the caller reads with the sold-out marks when a shard refused it (default: readAlong);
   * e.g. only its idempotency key, to learn whether its twin won.
   */
  readWhenRefused?: ItemKey[];
  /**
   * The caller's read (`ticket`: whether the claim holds one). Throw to stop the claim: a held
   * ticket goes back first (e.g. the order's key was used before, the balance is short).
   */
  onRead?: (found: Found, ticket: boolean) => void | Promise<void>;
  /** Other writes that must commit in the SAME transaction (order, payment, balance, ledger...). */
  extraWrites?: (code: { id: string }, ticket: Ticket) => Write[];
  /**
   * The caller's writes were refused (e.g. its balance moved): resolve true to send the
   * transaction again with the same ticket (extraWrites is asked again), false to stop with the
   * refusal; a throw stops the claim with that error. The ticket goes back when the claim stops.
   */
  retryRefused?: (refused: WriteRefused) => boolean | Promise<boolean>;
  /**
   * Runs each sending of the claim's transaction, with the ticket held (e.g. inside the account's
   * wallet turn, reading the balance first): only this part of the claim waits for it.
   */
  aroundTransaction?: (send: () => Promise<void>) => Promise<void>;
  random?: () => number;
}

/** Calls a shard's last claim makes after its ticket before its sold-out mark is written, with margin. */
const SETTLE_CALLS = 3;
/** Steps (tickets, reads, conflicted transactions) before answering 'Too many buyers'. */
const MAX_STEPS = 24;

type Code = { id: string };

/**
 * Claim one available code of a variant for an order.
 *
 * The buyer takes a ticket from a stock shard picked at random (one conditional update of the
 * shard, tickets.ts) and reads the code its ticket names together with the caller's own items
 * (one BatchGet). One transaction then moves the code, uses the ticket and commits the caller's
 * writes; it touches no item another claim's transaction writes (the taker of a shard's last
 * ticket also writes that shard's sold-out marks, which only it writes). So a winner costs three
 * calls and never meets another buyer's transaction.
 *
 * A shard that refuses (no tickets left) is out for this claim. The buyer then lets the claims in
 * flight settle for a moment and reads one replica of the other shards' sold-out marks, with the
 * caller's keys (one BatchGet): every shard marked = 'Out of stock'. Shards not marked yet (their
 * last ticket's claim still in flight) are read themselves before another ticket is tried.
 *
 * A ticket whose claim fails goes back (ticketAgain: the code takes the shard's next number);
 * one whose holder dies is found by the sweeper. Throws outOfStock(), or WriteRefused naming the
 * caller's writes whose conditions failed.
 */
export async function claimCode(db: Db, input: ClaimCodeInput): Promise<Code> {
  if (input.mode === 'reserve' && !input.holdUntil)
    throw new Error('holdUntil is required to reserve a code');
  const random = input.random ?? Math.random;
  const along = input.readAlong ?? [];
  const out = new Set<number>();
  // The package as this container knows it (at most PUBLIC_CACHE_MS old): shards only grow.
  const count = input.shards ?? shardCount((await catalogForOrder(db, input.variantId))?.variant ?? {});
  const shards = Array.from({ length: Math.max(1, count) }, (_, n) => n);
  for (let step = 0; step < MAX_STEPS; step++) {
    const open = shards.filter((n) => !out.has(n));
    if (open.length === 0) throw outOfStock();
    const shard = open[Math.floor(random() * open.length)]!;
    const started = performance.now();
    const ticket = await takeTicket(db, input.variantId, shard, new Date(input.now));
    if (ticket === 'closed') throw outOfStock();
    if ('empty' in ticket) {
      out.add(shard);
      await learnSoldOut(
        db,
        input,
        out,
        shards,
        settleWait(ticket, performance.now() - started, random),
        random,
      );
      continue;
    }
    const ticketKey = keys.ticket(input.variantId, ticket.shard, ticket.index);
    let codeId: string | undefined;
    let outcome: 'claimed' | 'gone' = 'gone';
    try {
      const found = await batchGetItems(db, [ticketKey, ...along], { consistent: true });
      codeId = ticketCode(found.get(itemKey(ticketKey)));
      if (!codeId) continue; // Its code was deleted since the number was given: take another.
      await input.onRead?.(found, true);
      outcome = await sendClaim(db, input, ticket, { id: codeId }, random);
    } catch (error) {
      // Whatever stopped the claim (a refusal, a fault), the ticket goes back: a code sold by a
      // transaction whose answer was lost keeps its sale (ticketAgain moves only available codes).
      if (codeId) await giveTicketBack(db, input.variantId, ticket, codeId, input.now);
      throw error;
    }
    if (outcome === 'claimed') return { id: codeId };
    // 'gone': the code changed since its number was given (deleted, numbered again): take another.
  }
  throw conflict('Too many buyers right now. Please try again.');
}

/**
 * How long a refused buyer lets the claims in flight settle before it reads the sold-out marks:
 * the claim that took a shard's last ticket writes its mark two calls later, so a shard that sold
 * out just now (its last ticket stamped less than a few calls ago) is given that long; after a
 * sale that ended earlier, about one call's time.
 */
function settleWait(refused: Empty, tookMs: number, random: () => number): number {
  if (refused.lastTicketAt === undefined) return 0;
  const settled = refused.lastTicketAt + SETTLE_CALLS * tookMs * (1 + random());
  // Another shard may sell out later than this one: about one call's time in any case.
  return Math.max(tookMs * (0.5 + random() / 2), settled - Date.now());
}

/**
 * After a refusal: which other shards are sold out. After `waitMs` (settleWait), one read of a
 * replica of their marks with the caller's keys; shards without a mark are read themselves.
 */
async function learnSoldOut(
  db: Db,
  input: ClaimCodeInput,
  out: Set<number>,
  shards: number[],
  waitMs: number,
  random: () => number,
): Promise<void> {
  const unknown = shards.filter((n) => !out.has(n));
  if (unknown.length > 0) await wait(waitMs);
  const marks = soldOutKeys(input.variantId, unknown, random);
  const along = input.readWhenRefused ?? input.readAlong ?? [];
  const found = await batchGetItems(db, [...marks, ...along], { consistent: true });
  await input.onRead?.(found, false);
  unknown.forEach((n, i) => found.has(itemKey(marks[i]!)) && out.add(n));
  const unmarked = shards.filter((n) => !out.has(n));
  if (unmarked.length === 0) return;
  const counters = await batchGetItems(
    db,
    unmarked.map((n) => keys.stockShard(input.variantId, n)),
    { consistent: true, projection: 'tickets, taken' },
  );
  for (const n of unmarked)
    if (shardStock(toStockShard(counters.get(itemKey(keys.stockShard(input.variantId, n))))) === 0)
      out.add(n);
}

/** The claim's transaction with its ticket: sent again on conflicts and on refusals the caller retries. */
async function sendClaim(
  db: Db,
  input: ClaimCodeInput,
  ticket: Ticket,
  code: Code,
  random: () => number,
): Promise<'claimed' | 'gone'> {
  const around = input.aroundTransaction ?? ((f) => f());
  for (let attempt = 0; ; attempt++) {
    try {
      let result: 'claimed' | 'gone' = 'gone';
      await around(async () => {
        result = await transactClaim(db, input, ticket, code);
      });
      return result;
    } catch (error) {
      const again =
        (isTransactionConflict(error) && attempt < 5) ||
        (error instanceof WriteRefused && (await input.retryRefused?.(error)));
      if (!again) {
        if (isTransactionConflict(error)) throw conflict('Too many buyers right now. Please try again.');
        throw error;
      }
      if (isTransactionConflict(error)) await wait(5 * 2 ** attempt * (0.5 + random()));
    }
  }
}

/** The transaction of a claim with a ticket. 'gone' when the code is no longer the ticket's. */
async function transactClaim(
  db: Db,
  input: ClaimCodeInput,
  ticket: Ticket,
  code: Code,
): Promise<'claimed' | 'gone'> {
  const writes: Write[] = [
    write(
      'code',
      claimAvailableCodeItem({ variant_id: input.variantId, id: code.id }, input, ticket, db.table),
    ),
    ...claimTicketWrites(db.table, input.variantId, ticket),
    ...(input.extraWrites?.(code, ticket) ?? []),
  ];
  try {
    await transact(db, writes);
    return 'claimed';
  } catch (error) {
    if (!(error instanceof WriteRefused)) throw error;
    const theirs = error.failed.filter((name) => name !== 'code');
    if (theirs.length > 0) throw new WriteRefused(theirs, error.items);
    return 'gone';
  }
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.min(ms, 2000)));
