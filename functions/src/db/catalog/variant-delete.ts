import type { Db } from '../client';
import type { VariantItem } from '../catalog-repo';
import { finishItem, newJobPut, type JobItem } from '../jobs/job-item';
import { keys } from '../keys';
import { transact, write, WriteRefused } from '../transact';

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
  variant: Pick<VariantItem, 'id' | 'product_id' | 'deleting_job'>,
  job: NewDeleteJob,
): Promise<'marked' | 'changed'> {
  try {
    await transact(db, [
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
 * The last step of a delete job, in one transaction: the variant (only while its counter is 0 and
 * it is still marked by this job; already gone is fine), its id pointer, and the job's end (only
 * while `owner` holds the lease). 'stock-back' when a held code came back to the variant between
 * the check and the delete (nothing written). A lost lease throws WriteRefused ('job').
 */
export async function removeDeletedVariant(
  db: Db,
  job: Pick<JobItem, 'id' | 'target'>,
  end: { owner: string; now: Date; keepDays: number },
): Promise<'removed' | 'stock-back'> {
  try {
    await transact(db, [
      write('variant', {
        Delete: {
          TableName: db.table,
          Key: keys.variant(job.target.product_id, job.target.id),
          ConditionExpression: 'attribute_not_exists(pk) OR (stock = :zero AND deleting_job = :job)',
          ExpressionAttributeValues: { ':zero': 0, ':job': job.id },
        },
      }),
      write('ref', { Delete: { TableName: db.table, Key: keys.variantRef(job.target.id) } }),
      write(
        'job',
        finishItem(db.table, job.id, end.owner, { status: 'done', now: end.now, keepDays: end.keepDays }),
      ),
    ]);
    return 'removed';
  } catch (error) {
    if (error instanceof WriteRefused && error.has('variant')) return 'stock-back';
    throw error;
  }
}
