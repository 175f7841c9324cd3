import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Db } from './client';

/** One element of a TransactWriteCommand's TransactItems. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * A transaction item with the name its failure is reported by ('balance', 'idempotency', 'slot'...),
 * so callers read what happened by name, never by position.
 */
export interface Write {
  name: string;
  item: TransactItem;
  /** Best-effort work once the transaction has committed (its failure is left to a sweeper). */
  after?: (db: Db) => Promise<unknown>;
}

export const write = (name: string, item: TransactItem, after?: Write['after']): Write => ({
  name,
  item,
  ...(after && { after }),
});

/**
 * The named writes of a transaction whose conditions failed: a decision someone else made first
 * ("the balance moved", "the key was replayed", "the slot is taken"). Only these are reported by
 * name; other cancellations (conflicts, throttling) are rethrown as they came.
 */
export class WriteRefused extends Error {
  constructor(
    readonly failed: readonly string[],
    /** The current item of each failed write that asked for it (ReturnValuesOnConditionCheckFailure). */
    readonly items: Readonly<Record<string, Record<string, unknown>>> = {},
  ) {
    super(`transaction refused: ${failed.join(', ')}`);
    this.name = 'WriteRefused';
  }

  has(...names: string[]): boolean {
    return names.some((n) => this.failed.includes(n));
  }
}

interface CancellationReason {
  code: string;
  item?: Record<string, unknown>;
}

/**
 * Per-item reasons of a cancelled transaction, in the order of its items ('None' for items that
 * did not fail), or undefined when the error is not a cancelled transaction. Items returned by
 * ReturnValuesOnConditionCheckFailure come in raw attribute format: unmarshalled here.
 */
export function cancellationReasons(error: unknown): CancellationReason[] | undefined {
  if (
    !(error instanceof TransactionCanceledException) &&
    (error as Error)?.name !== 'TransactionCanceledException'
  ) {
    return undefined;
  }
  const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
  return reasons.map((r) => ({
    code: r.Code ?? 'None',
    ...(r.Item && { item: unmarshall(r.Item) }),
  }));
}

/** True when the transaction was cancelled by a conflicting one or by throttling: worth a retry. */
export function isTransactionConflict(error: unknown): boolean {
  return Boolean(
    cancellationReasons(error)?.some((r) => r.code === 'TransactionConflict' || r.code === 'ThrottlingError'),
  );
}

/** All of `writes` or none. Throws WriteRefused with the names of the writes whose conditions failed. */
export async function transact(db: Db, writes: readonly Write[]): Promise<void> {
  try {
    await db.doc.send(new TransactWriteCommand({ TransactItems: writes.map((w) => w.item) }));
    for (const w of writes) await w.after?.(db).catch(() => undefined);
  } catch (error) {
    const failed = cancellationReasons(error)
      ?.map((reason, i) => ({ reason, write: writes[i] }))
      .filter((x) => x.reason.code === 'ConditionalCheckFailed' && x.write);
    if (!failed?.length) throw error; // not refused by a condition: a conflict, throttling, a fault
    throw new WriteRefused(
      failed.map((x) => x.write!.name),
      Object.fromEntries(failed.filter((x) => x.reason.item).map((x) => [x.write!.name, x.reason.item!])),
    );
  }
}

/**
 * Send a single-item conditional write (Put, Update, Delete): false when its condition failed,
 * which the caller reads as "someone else got there first", not as an error.
 */
export async function writeIf(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** True when a single-item write (Put, Update, Delete) failed its ConditionExpression. */
export function isConditionFailure(error: unknown): boolean {
  return (error as Error)?.name === 'ConditionalCheckFailedException';
}
