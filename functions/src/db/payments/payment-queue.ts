import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PaymentItem } from '../../domain/model';
import type { Db } from '../client';
import { keys, shardedLists, timeKey } from '../keys';
import { dueItems } from '../list-items';
import { isConditionFailure } from '../transact';

/**
 * The sweeper's queue: pending gateway payments sorted by their next check (gsi3, split over the
 * PAYMENTS#GATEWAY_PENDING#NN partitions, merged here oldest first).
 */

/**
 * One page of payments whose next check is due at `now`, oldest first; one that left the queue or
 * moved in it since the index showed it is skipped by the sweeper.
 */
export const duePayments = (db: Db, now: Date, after?: string) =>
  dueItems<PaymentItem>(db, shardedLists.pendingGatewayPayments(), now, after);

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
