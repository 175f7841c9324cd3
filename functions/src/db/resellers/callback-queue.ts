import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CallbackAttempt } from '@khelaghor/contract/schemas/reseller-callbacks';
import type { AttemptResult } from '../../domain/resellers/callback-schedule';
import type { Db } from '../client';

import { keys, listQuery, lists, shardedLists } from '../keys';
import { dueItems, indexPage, type Page } from '../list-items';
import { isConditionFailure, writeIf } from '../transact';
import { dueQueueKeys, waitingQueueKeys, type CallbackItem } from './callback-items';

/**
 * The callbacks' queue (gsi3, split over CALLBACKS#DUE#NN, sorted by next attempt) and the moves
 * of a callback on it: claimed by one worker at a time, then delivered, due again, failed or
 * waiting for its reseller's URL (CALLBACKS#WAITING#<reseller>).
 */

/** A page of callbacks due at `now`, oldest first. */
export const dueCallbacks = (db: Db, now: Date, after?: string) =>
  dueItems<CallbackItem>(db, shardedLists.dueCallbacks(), now, after);

/**
 * Take a due callback for one attempt: only a pending one whose time has come and that no other
 * worker holds. Its queue position moves to the lease's end, so a worker that dies leaves it due
 * again then. Undefined when someone else has it (or it is not due).
 */
export async function claimCallback(
  db: Db,
  id: string,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<CallbackItem | undefined> {
  const until = new Date(now.getTime() + leaseMs).toISOString();
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.callback(id),
        UpdateExpression: 'SET lease_owner = :owner, lease_until = :until, gsi3sk = :sk',
        ConditionExpression:
          '#status = :pending AND next_attempt_at <= :now AND (attribute_not_exists(lease_until) OR lease_until <= :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':owner': owner,
          ':until': until,
          ':sk': dueQueueKeys(id, until).gsi3sk,
          ':pending': 'pending',
          ':now': now.toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return res.Attributes as CallbackItem;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * The attempt's outcome, by the worker that holds the claim (false when it lost it meanwhile).
 * `counted`: a real try at the receiver (not 'no URL'), which moves the back-off.
 */
export async function recordAttempt(
  db: Db,
  claimed: CallbackItem,
  change: {
    attempts: CallbackAttempt[];
    result: AttemptResult | { status: 'waiting' };
    now: string;
    counted: boolean;
  },
): Promise<boolean> {
  const { result, now } = change;
  const values: Record<string, unknown> = {
    ':owner': claimed.lease_owner,
    ':attempts': change.attempts,
    ':now': now,
    ':status': result.status === 'waiting' ? 'pending' : result.status,
  };
  const sets = ['attempts = :attempts', '#status = :status', 'updated_at = :now'];
  const removes = ['lease_owner', 'lease_until', 'final_attempt'];
  if (change.counted) {
    sets.push(
      'attempt_count = attempt_count + :one',
      'first_attempt_at = if_not_exists(first_attempt_at, :at)',
    );
    values[':one'] = 1;
    values[':at'] = change.attempts.at(-1)!.at;
  }
  if (result.status === 'pending') {
    const queue = dueQueueKeys(claimed.id, result.next_attempt_at);
    sets.push('next_attempt_at = :next', 'gsi3pk = :g3pk', 'gsi3sk = :g3sk');
    Object.assign(values, { ':next': result.next_attempt_at, ':g3pk': queue.gsi3pk, ':g3sk': queue.gsi3sk });
  } else if (result.status === 'waiting') {
    const queue = waitingQueueKeys(claimed);
    sets.push('gsi3pk = :g3pk', 'gsi3sk = :g3sk');
    removes.push('next_attempt_at');
    Object.assign(values, { ':g3pk': queue.gsi3pk, ':g3sk': queue.gsi3sk });
  } else {
    removes.push('next_attempt_at', 'gsi3pk', 'gsi3sk');
    if (result.status === 'delivered') {
      sets.push('delivered_at = :now');
    }
  }
  return writeIf(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.callback(claimed.id),
        UpdateExpression: `SET ${sets.join(', ')} REMOVE ${removes.join(', ')}`,
        ConditionExpression: 'lease_owner = :owner',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

/**
 * 'Send again': due now. A delivered or failed callback is re-opened for one more attempt; a
 * pending one just stops waiting. False while a worker is sending it (the caller answers 409).
 */
export async function reopenCallback(db: Db, callback: CallbackItem, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const queue = dueQueueKeys(callback.id, at);
  const final = callback.status !== 'pending';
  return writeIf(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.callback(callback.id),
        UpdateExpression: `SET #status = :pending, next_attempt_at = :at, updated_at = :at, gsi3pk = :g3pk, gsi3sk = :g3sk${final ? ', final_attempt = :true' : ''}`,
        ConditionExpression: 'attribute_not_exists(lease_until) OR lease_until <= :at',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':at': at,
          ':g3pk': queue.gsi3pk,
          ':g3sk': queue.gsi3sk,
          ...(final && { ':true': true }),
        },
      }),
    ),
  );
}

/**
 * A reseller's callbacks that waited for a URL become due now (their URL was just set); the
 * stream sends them at once. Answers how many moved.
 */
export async function releaseWaitingCallbacks(db: Db, resellerId: string, now: Date): Promise<number> {
  const list = lists.waitingCallbacks(resellerId);
  let moved = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({ TableName: db.table, ...listQuery(list), ExclusiveStartKey: start }),
    );
    start = page.LastEvaluatedKey;
    for (const entry of page.Items ?? []) {
      const id = String(entry.pk).slice('CALLBACK#'.length);
      const at = now.toISOString();
      const queue = dueQueueKeys(id, at);
      const ok = await writeIf(() =>
        db.doc.send(
          new UpdateCommand({
            TableName: db.table,
            Key: keys.callback(id),
            UpdateExpression: 'SET next_attempt_at = :at, updated_at = :at, gsi3pk = :g3pk, gsi3sk = :g3sk',
            ConditionExpression: '#status = :pending AND gsi3pk = :waiting',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':at': at,
              ':g3pk': queue.gsi3pk,
              ':g3sk': queue.gsi3sk,
              ':pending': 'pending',
              ':waiting': list.pk,
            },
          }),
        ),
      );
      if (ok) moved++;
    }
  } while (start);
  return moved;
}

/** A reseller's callbacks, newest first (cursor pages). */
export const callbacksPage = (
  db: Db,
  resellerId: string,
  page: { cursor?: string; limit: number },
): Promise<Page<CallbackItem>> => indexPage<CallbackItem>(db, lists.resellerCallbacks(resellerId), page);
