import { ulid } from 'ulid';
import { outsideAudit } from '../../db/audit/audit-scope';
import type { Db } from '../../db/client';
import type { Logger } from '../../runtime/logger';
import {
  getJob,
  recordFailure,
  releaseLease,
  renewLease,
  runningJobIds,
  takeLease,
} from '../../db/jobs/job-item';
import { jobLimits } from '../../runtime/job-limits';
import type { SliceOutcome, SliceRunners } from '../../db/jobs/slice';

export interface JobRunDeps {
  db: Db;
  /** Timestamps and leases (tests inject a clock). */
  now: () => Date;
  runners: SliceRunners;
  log?: Logger;
  /** This worker's name on the lease; a new one per run unless given. */
  owner?: string;
  /** Real time spent, for the budget: a Lambda's timeout is real time. */
  elapsedMs?: () => number;
  pause?: (ms: number) => Promise<void>;
}

export interface JobRunReport {
  jobId: string;
  /** False when another worker holds the job, or it is not running. */
  ran: boolean;
  slices: number;
  /** The last slice's state; 'lost' when another worker took the job over; 'failed' when the run failed. */
  state?: SliceOutcome['state'] | 'lost' | 'failed';
}

const realElapsed = () => {
  const started = performance.now();
  return () => performance.now() - started;
};

/**
 * One run on one job: take its lease (only one worker at a time), run slices until the budget is
 * spent, the job waits for something, or it is done; then give the lease back. Every write of a
 * slice carries the lease, so a worker that lost it (it stalled past the lease) stops at its next
 * write and changes nothing. A run that fails is counted; enough failures in a row end the job.
 */
export function runJob(deps: JobRunDeps, jobId: string, budgetMs: number): Promise<JobRunReport> {
  // A job's slices are the shop's work: the admin call that asked for it wrote the job (audited).
  return outsideAudit(() => runSlices(deps, jobId, budgetMs));
}

async function runSlices(deps: JobRunDeps, jobId: string, budgetMs: number): Promise<JobRunReport> {
  const limits = jobLimits();
  const { db, now } = deps;
  const owner = deps.owner ?? ulid();
  const elapsed = deps.elapsedMs ?? realElapsed();
  let job = await takeLease(db, jobId, owner, now().getTime(), limits.leaseMs);
  if (!job) return { jobId, ran: false, slices: 0 };
  const runner = deps.runners[job.kind];
  const ctx = { db, now, owner, sliceSize: limits.sliceSize, keepDays: limits.keepDays };
  let slices = 0;
  let state: JobRunReport['state'];
  try {
    while (slices < limits.maxSlicesPerRun && elapsed() < budgetMs) {
      const outcome = await runner(ctx, job);
      slices++;
      state = outcome.state;
      if (state === 'done') break;
      const at = now();
      job = await renewLease(db, jobId, owner, {
        nowMs: at.getTime(),
        leaseMs: limits.leaseMs,
        now: at.toISOString(),
        remaining: outcome.remaining,
        waiting: outcome.waiting ?? 0,
      });
      if (state === 'waiting') break;
      if (state === 'lagging') await (deps.pause ?? defaultPause)(200);
    }
  } catch (error) {
    const current = await getJob(db, jobId);
    if (current?.lease_owner !== owner || current.status !== 'running') {
      deps.log?.warn('job taken over by another worker', { job: jobId });
      return { jobId, ran: true, slices, state: 'lost' };
    }
    deps.log?.error('job run failed', { job: jobId, error: String(error) });
    await recordFailure(db, current, owner, {
      now: now(),
      message: 'The job stopped on an error; it is tried again every minute.',
      maxFailures: limits.maxFailures,
      keepDays: limits.keepDays,
    });
    state = 'failed';
  } finally {
    if (state !== 'done') await releaseLease(db, jobId, owner);
  }
  return { jobId, ran: true, slices, state };
}

/** The scheduled run: every running job, oldest first, while the budget lasts. */
export async function runDueJobs(deps: JobRunDeps, budgetMs: number): Promise<JobRunReport[]> {
  const elapsed = deps.elapsedMs ?? realElapsed();
  const reports: JobRunReport[] = [];
  for (const jobId of await runningJobIds(deps.db)) {
    const left = budgetMs - elapsed();
    if (left <= 0) break;
    reports.push(await runJob({ ...deps, elapsedMs: undefined }, jobId, left));
  }
  return reports;
}

/** Work is left that the next run can do now (not waiting for holds to end). */
export function hasMoreWork(report: JobRunReport): boolean {
  return report.ran && (report.state === 'more' || report.state === 'lagging');
}

const defaultPause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
