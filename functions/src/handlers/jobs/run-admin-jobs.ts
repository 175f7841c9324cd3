import { jobDeps } from '../../use-cases/jobs/deps';
import { jobLimits } from '../../runtime/job-limits';
import { runDueJobs, runJob, type JobRunReport } from '../../use-cases/jobs/run-job';
import { createLogger } from '../../runtime/logger';

/**
 * The admin-jobs worker: scheduled every minute (contract/src/jobs.ts) to continue every running
 * job, and invoked at once with { jobId } by the request that started a job. Each run stops well
 * inside the Lambda timeout; the next run continues where it left off.
 */
export async function handler(event?: unknown): Promise<JobRunReport[]> {
  const log = createLogger({ job: 'run-admin-jobs' });
  const deps = jobDeps(log);
  const budget = jobLimits().workerBudgetMs;
  const jobId = (event as { jobId?: unknown } | undefined)?.jobId;
  const reports =
    typeof jobId === 'string' ? [await runJob(deps, jobId, budget)] : await runDueJobs(deps, budget);
  for (const r of reports) if (r.ran) log.info('job run', { ...r });
  const { recordHeartbeat } = await import('../../runtime/metrics');
  recordHeartbeat('adminJobs');
  return reports;
}
