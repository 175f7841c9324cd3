import { TransactionCanceledException, TransactionConflictException } from '@aws-sdk/client-dynamodb';
import type { InitializeMiddleware } from '@smithy/types';
import { expect, inject } from 'vitest';
import { createDb, type Db } from '../src/db/client';

/**
 * What goes wrong at one DynamoDB call, the way the table would answer it, beneath the shop's own
 * client middleware (so its conflict retry sees what it would see on AWS):
 * - 'before': the call never reaches the table (a network fault);
 * - 'after': it committed, and the answer is lost (a timeout after the write);
 * - 'conflict': AWS cancelled it because another transaction held an item (DynamoDB Local never
 *   does): a transaction is cancelled with a `TransactionConflict` reason, a single write refused
 *   with TransactionConflictException. Only writes are cancelled this way; a read at that
 *   position passes;
 * - 'unseen': a GetItem at that position finds nothing, as a read made just before another
 *   request wrote the item would (the race between a read and a write, made to happen).
 */
export type Fault = 'before' | 'after' | 'conflict' | 'unseen';

const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand']);

function conflictFor(commandName: string, input: unknown): Error | undefined {
  if (commandName === 'TransactWriteItemsCommand') {
    const items = (input as { TransactItems?: unknown[] }).TransactItems ?? [];
    return new TransactionCanceledException({
      message:
        'Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict]',
      $metadata: { httpStatusCode: 400 },
      CancellationReasons: items.map((_, i) =>
        i === 0
          ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }
          : { Code: 'None' },
      ),
    });
  }
  if (WRITES.has(commandName))
    return new TransactionConflictException({
      message: 'Transaction is ongoing for the item',
      $metadata: { httpStatusCode: 400 },
    });
  return undefined;
}

/**
 * Another client of the same table with `middleware` beneath the shop's own (its conflict retry
 * sees what the middleware does, as it would see the table's answers on AWS).
 */
function clientBeneath(db: Db, name: string, middleware: InitializeMiddleware<object, object>): Db {
  return createDb({
    table: db.table,
    endpoint: inject('dynamodbEndpoint'),
    beneath: (client) =>
      client.middlewareStack.add(middleware as never, { step: 'initialize', name, priority: 'low' }),
  });
}

/** A client of the same table whose call number `failAt` goes wrong as `fault` says. */
export function faultyDb(db: Db, failAt: number, fault: Fault): { db: Db; calls: () => number } {
  let n = 0;
  const faulty = clientBeneath(db, 'injectedFault', (next, context) => async (args) => {
    n++;
    const hit = n === failAt;
    if (hit && fault === 'before') {
      throw new Error(`injected failure before call ${n}`);
    }
    if (hit && fault === 'conflict') {
      const error = conflictFor(context.commandName ?? '', args.input);
      if (error) {
        throw error;
      }
    }
    if (hit && fault === 'unseen' && context.commandName === 'GetItemCommand') {
      return { output: { $metadata: {} }, response: {} } as Awaited<ReturnType<typeof next>>;
    }
    const result = await next(args);
    if (hit && fault === 'after') {
      throw new Error(`injected failure after call ${n}`);
    }
    return result;
  });
  return { db: faulty, calls: () => n };
}

/**
 * Run `flow` with the failure at call 1, 2, 3... until a run makes fewer calls than the failure's
 * position (every call of the flow has had its turn). `check` sees each run's outcome.
 */
export async function everyCall(
  db: Db,
  fault: Fault,
  flow: (faulty: Db, failAt: number) => Promise<unknown>,
  check: (outcome: { failAt: number; failed: unknown }) => Promise<void>,
): Promise<number> {
  for (let failAt = 1; ; failAt++) {
    const f = faultyDb(db, failAt, fault);
    let failed: unknown;
    try {
      await flow(f.db, failAt);
    } catch (error) {
      failed = error ?? new Error('thrown');
      // A conflict is AWS saying "try again": the shop's client sends it again, so a single
      // conflict never reaches a flow, let alone a buyer as a 500.
      if (fault === 'conflict') expect.fail(`a conflict at call ${failAt} escaped: ${String(failed)}`);
    }
    await check({ failAt, failed });
    if (!failed && f.calls() < failAt) return failAt - 1;
  }
}

/**
 * A client of the same table whose first call of `commandName` (as the SDK names it, e.g.
 * 'TransactWriteItemsCommand') waits until `release` is called: the test makes the interleaving
 * it wants (another request's writes happen in between) instead of hoping for it.
 */
export function holdingDb(db: Db, commandName: string) {
  let reachedResolve!: () => void;
  let releaseResolve!: () => void;
  const reached = new Promise<void>((r) => (reachedResolve = r));
  const released = new Promise<void>((r) => (releaseResolve = r));
  let held = false;
  const holding = clientBeneath(db, 'heldCall', (next, context) => async (args) => {
    if (!held && context.commandName === commandName) {
      held = true;
      reachedResolve();
      await released;
    }
    return next(args);
  });
  return { db: holding, reached, release: () => releaseResolve() };
}
