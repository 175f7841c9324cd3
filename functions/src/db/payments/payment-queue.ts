import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PaymentItem } from '../../domain/model';
import type { Db } from '../client';
import { keys, shardedLists, timeKey } from '../keys';
import { listedItems, mergeShards } from '../list-items';
import { isConditionFailure } from '../transact';

/**
 * The sweeper's queue: pending gateway payments sorted by their next check (gsi3, split over the
 * PAYMENTS#GATEWAY_PENDING#NN partitions, merged here oldest first).
 */

const PAGE = 100;

/**
 * One page of payments whose next check is due at `now`, oldest first; `next` (the last queue
 * position read) continues after it. The payments are read strongly consistent, as the sweeper
 * acts on them; one that left the queue or moved in it since the index showed it is skipped.
 */
export async function duePayments(
  db: Db,
  now: Date,
  after?: string,
): Promise<{ items: PaymentItem[]; next?: string }> {
  const list = shardedLists.pendingGatewayPayments();
  const { entries, more } = await mergeShards(db, list, {
    limit: PAGE,
    forward: true,
    after,
    below: now.toISOString(),
  });
  const last = entries.at(-1);
  return {
    items: await listedItems<PaymentItem>(db, list.index, entries, { consistent: true }),
    next: more && last ? String(last[`${list.index}sk`]) : undefined,
  };
}

/** Move a pending payment in the queue (next check, and the hold when it is extended); nothing once it settled. */
export async function scheduleCheck(
  db: Db,
  p: Pick<PaymentItem, 'id'>,
  now: Date,
  change: { next_check_at: string; hold_until?: string },
): Promise<void> {
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.payment(p.id),
        UpdateExpression: `SET next_check_at = :next, gsi3sk = :sk, updated_at = :now${change.hold_until ? ', hold_until = :hold' : ''}`,
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':next': change.next_check_at,
          ':sk': timeKey(change.next_check_at, p.id),
          ':now': now.toISOString(),
          ':pending': 'pending',
          ...(change.hold_until && { ':hold': change.hold_until }),
        },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error; // settled meanwhile: nothing to schedule
    });
}
