import type { Db } from '../client';
import type { VariantItem } from './catalog-items';
import { finishItem, newJobPut, type JobItem } from '../jobs/job-item';
import { keys } from '../keys';
import { transact, write, WriteRefused } from '../transact';
import { shardCount, shardKeys } from '../stock/stock-shards';

/** The new delete job as written; its counters start at zero. */
export type NewDeleteJob = Pick<JobItem, 'id' | 'target' | 'total' | 'created_at'>;

/**
 * In one transaction: mark the variant (inactive at once, so hidden from the storefront;
 * `deleting_job` stops new codes and new claims) and write the job. The mark is taken only while
 * the variant is as read: unmarked, or still marked by `variant.deleting_job` (a failed job being
 * replaced). 'changed' when another request marked or deleted it meanwhile (nothing written).
 */
export async function markVariantDeleting(
  db: Db,
  variant: Pick<VariantItem, 'id' | 'product_id' | 'deleting_job' | 'stock_shards'>,
  job: NewDeleteJob,
): Promise<'marked' | 'changed'> {
  try {
    await transact(db, [
      // Every shard's counter refuses new claims and new codes from now on.
      ...shardKeys(variant.id, shardCount(variant)).map((Key, n) =>
        write(`shard:${n}`, {
          Update: {
            TableName: db.table,
            Key,
            // No ticket is handed out from now on, and none is left: the stock shows 0.
            UpdateExpression: 'SET deleting_job = :job, taken = if_not_exists(tickets, :zero)',
            ExpressionAttributeValues: { ':job': job.id, ':zero': 0 },
          },
        }),
      ),
      write('variant', {
        Update: {
          TableName: db.table,
          Key: keys.variant(variant.product_id, variant.id),
          UpdateExpression: 'SET is_active = :false, deleting_job = :job, updated_at = :now',
          ConditionExpression: variant.deleting_job
            ? 'deleting_job = :previous'
            : 'attribute_exists(pk) AND attribute_not_exists(deleting_job)',
          ExpressionAttributeValues: {
            ':false': false,
            ':job': job.id,
            ':now': job.created_at,
            ...(variant.deleting_job && { ':previous': variant.deleting_job }),
          },
        },
      }),
      write('job', newJobPut(db.table, { ...job, kind: 'delete-variant' })),
    ]);
    return 'marked';
  } catch (error) {
    if (error instanceof WriteRefused && error.has('variant')) return 'changed';
    throw error;
  }
}

/**
 * The last step of a delete job, in one transaction: the variant (only while it is still marked by
 * this job; already gone is fine) with its stock shards (only while none has a ticket left), its id
 * pointer, and the job's end (only while `owner` holds the lease). 'stock-back' when a shard got
 * numbers between the check and the delete (nothing written). A lost lease throws
 * WriteRefused ('job').
 */
export async function removeDeletedVariant(
  db: Db,
  job: Pick<JobItem, 'id' | 'target'>,
  end: { owner: string; now: Date; keepDays: number; shards: number },
): Promise<'removed' | 'stock-back'> {
  try {
    await transact(db, [
      write('variant', {
        Delete: {
          TableName: db.table,
          Key: keys.variant(job.target.product_id, job.target.id),
          ConditionExpression: 'attribute_not_exists(pk) OR deleting_job = :job',
          ExpressionAttributeValues: { ':job': job.id },
        },
      }),
      ...shardKeys(job.target.id, end.shards).map((Key) =>
        write('stock', {
          Delete: {
            TableName: db.table,
            Key,
            ConditionExpression: 'attribute_not_exists(tickets) OR taken >= tickets',
          },
        }),
      ),
      write('ref', { Delete: { TableName: db.table, Key: keys.variantRef(job.target.id) } }),
      write(
        'job',
        finishItem(db.table, job.id, end.owner, { status: 'done', now: end.now, keepDays: end.keepDays }),
      ),
    ]);
    return 'removed';
  } catch (error) {
    if (error instanceof WriteRefused && error.has('variant', 'stock')) return 'stock-back';
    throw error;
  }
}
