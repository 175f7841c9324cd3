import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import { getVariant } from '../../db/catalog/catalog-items';
import { markVariantDeleting, removeDeletedVariant } from '../../db/catalog/variant-delete';
import { conflict, notFound } from '../../domain/refusals';
import { getJob, type JobItem } from '../../db/jobs/job-item';
import { jobLimits } from '../../runtime/job-limits';
import type { KickJob } from '../../clients/kick-job';
import { runJob, type JobRunDeps } from './run-job';
import type { SliceOutcome, SliceRunner } from '../../db/jobs/slice';
import { availableCodesPage, purgeCodes, unsoldCodeCount } from '../../db/stock/purge-variant-codes';
import { shardCount } from '../../db/stock/stock-shards';

/**
 * Start deleting a variant: in one transaction the variant is marked (inactive at once, so hidden
 * from the storefront; `deleting_job` stops new codes and new claims) and the job is written.
 * Deleting a variant already being deleted answers its running job; a failed job is replaced.
 */
async function startVariantDelete(
  db: Db,
  variantId: string,
  now: Date,
  jobId: string = ulid(),
): Promise<JobItem> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const variant = await getVariant(db, variantId, true);
    if (!variant) throw notFound('Variant not found');
    const previous = variant.deleting_job ? await getJob(db, variant.deleting_job) : undefined;
    if (previous?.status === 'running' || previous?.status === 'done') return previous;
    const job = {
      id: jobId,
      target: { id: variant.id, name: variant.name, product_id: variant.product_id },
      total: Math.max(0, variant.stock ?? 0),
      created_at: now.toISOString(),
    };
    if ((await markVariantDeleting(db, variant, job)) === 'marked') return (await getJob(db, jobId))!;
    // 'changed': another request marked (or deleted) the variant meanwhile: read it again.
  }
  throw conflict('This variant is changing. Please try again.');
}

/**
 * One slice of a variant delete: up to `sliceSize` available codes go (see purgeCodes). With none
 * left, codes still reserved for pending orders are waited for (their hold ends within minutes,
 * then they come back as available, or they are sold and kept); then the variant and its pointer
 * go in the same transaction that ends the job, only while its counter is 0.
 */
export const deleteVariantSlice: SliceRunner = async ({ db, now, owner, sliceSize, keepDays }, job) => {
  const nowIso = now().toISOString();
  const target = { id: job.target.id, product_id: job.target.product_id };
  const before = await getVariant(db, target.id, true);
  const codes = before ? await availableCodesPage(db, before, sliceSize) : [];
  if (codes.length > 0) {
    const deleted = await purgeCodes(db, target, codes, { now: nowIso, job: { id: job.id, owner } });
    return {
      state: deleted > 0 ? 'more' : 'lagging',
      remaining: await unsoldCodeCount(db, target.id, 'available'),
    };
  }
  // The available lists are read eventually consistent: the code partition says whether they lag.
  const left = before ? await unsoldCodeCount(db, target.id, 'available') : 0;
  if (left > 0) return { state: 'lagging', remaining: left };
  const waiting = before ? await unsoldCodeCount(db, target.id, 'reserved') : 0;
  if (waiting > 0) return { state: 'waiting', remaining: 0, waiting };
  return finishDelete(db, job, owner, now(), keepDays, shardCount(before ?? {}));
};

async function finishDelete(
  db: Db,
  job: JobItem,
  owner: string,
  now: Date,
  keepDays: number,
  shards: number,
): Promise<SliceOutcome> {
  const outcome = await removeDeletedVariant(db, job, { owner, now, keepDays, shards });
  // 'stock-back': a held code came back between the check and the delete: it goes in the next slice.
  return outcome === 'removed' ? { state: 'done', remaining: 0 } : { state: 'more', remaining: 1 };
}

/**
 * DELETE /api/admin/variants/{id}: start the job, work on it for at most `budgetMs` inside the
 * request (a variant with few codes is gone before the answer), then hand it to the worker.
 */
export async function deleteVariant(
  deps: JobRunDeps & { kick: KickJob },
  variantId: string,
  budgetMs: number = jobLimits().requestBudgetMs,
): Promise<{ job: JobItem; finished: boolean }> {
  const job = await startVariantDelete(deps.db, variantId, deps.now());
  if (job.status === 'done') return { job, finished: true };
  await runJob(deps, job.id, budgetMs);
  const current = (await getJob(deps.db, job.id)) ?? job;
  if (current.status === 'done') return { job: current, finished: true };
  await deps.kick(job.id);
  return { job: current, finished: false };
}
