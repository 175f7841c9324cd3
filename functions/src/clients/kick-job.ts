import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { Logger } from '../runtime/logger';
import { keptPerContainer } from '../runtime/container-state';

/** Start a job's worker now instead of at the next scheduled minute. Never throws: the schedule is the fallback. */
export type KickJob = (jobId: string) => Promise<void>;

let lambda: LambdaClient | undefined;
keptPerContainer(() => (lambda = undefined));

/** An asynchronous invoke of the worker Lambda `fn`: returns as soon as Lambda has queued it. */
export function lambdaKicker(fn: string, region: string, log?: Logger): KickJob {
  return async (jobId) => {
    lambda ??= new LambdaClient({ region });
    await lambda
      .send(
        new InvokeCommand({ FunctionName: fn, InvocationType: 'Event', Payload: JSON.stringify({ jobId }) }),
      )
      .then(() => undefined)
      .catch((error: unknown) =>
        log?.warn('job kick failed; the schedule runs it', { job: jobId, error: String(error) }),
      );
  };
}
