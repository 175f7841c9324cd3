import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { config } from '../runtime/config';
import { jobLimits } from '../domain/jobs/job-limits';
import { hasMoreWork, runJob, type JobRunDeps } from '../use-cases/jobs/run-job';

/** Start a job's worker now instead of at the next scheduled minute. Never throws: the schedule is the fallback. */
export type KickJob = (jobId: string) => Promise<void>;

let lambda: LambdaClient | undefined;

/**
 * On AWS (JOB_WORKER_FUNCTION set by CDK): an asynchronous invoke of the worker Lambda, which
 * returns as soon as Lambda has queued it. Locally: the worker runs in this process after the
 * answer, run after run until nothing is left to do now. JOB_KICK=off (tests): the schedule only.
 */
export function jobKicker(deps: JobRunDeps): KickJob {
  const env = config();
  const fn = env.JOB_WORKER_FUNCTION;
  if (fn) {
    return async (jobId) => {
      lambda ??= new LambdaClient({ region: env.AWS_REGION });
      await lambda
        .send(
          new InvokeCommand({
            FunctionName: fn,
            InvocationType: 'Event',
            Payload: JSON.stringify({ jobId }),
          }),
        )
        .then(() => undefined)
        .catch((error: unknown) =>
          deps.log?.warn('job kick failed; the schedule runs it', { job: jobId, error: String(error) }),
        );
    };
  }
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
