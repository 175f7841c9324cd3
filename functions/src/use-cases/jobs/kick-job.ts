import { lambdaKicker, type KickJob } from '../../clients/kick-job';
import { jobLimits } from '../../runtime/job-limits';
import { config } from '../../runtime/config';
import { hasMoreWork, runJob, type JobRunDeps } from './run-job';

export type { KickJob };

/**
 * How a job's worker starts now instead of at the next scheduled minute. On AWS
 * (JOB_WORKER_FUNCTION set by CDK): the worker Lambda, invoked asynchronously. Locally: the worker
 * runs in this process after the answer, run after run until nothing is left to do now.
 * JOB_KICK=off (tests): the schedule only. Never throws: the schedule is the fallback.
 */
export function jobKicker(deps: JobRunDeps): KickJob {
  const env = config();
  if (env.JOB_WORKER_FUNCTION) return lambdaKicker(env.JOB_WORKER_FUNCTION, env.AWS_REGION, deps.log);
  if (env.JOB_KICK === 'off') return async () => undefined;
  return async (jobId) => {
    void runUntilIdle(deps, jobId).catch((error: unknown) =>
      deps.log?.error('in-process job run failed', { job: jobId, error: String(error) }),
    );
  };
}

async function runUntilIdle(deps: JobRunDeps, jobId: string): Promise<void> {
  while (hasMoreWork(await runJob(deps, jobId, jobLimits().workerBudgetMs)));
}
