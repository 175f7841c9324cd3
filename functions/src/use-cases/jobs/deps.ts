import { db } from '../../db/client';
import { clock } from '../../runtime/clock';
import type { Logger } from '../../runtime/logger';
import { deleteVariantSlice } from './delete-variant-job';
import type { JobRunDeps } from './run-job';
import type { SliceRunners } from '../../db/jobs/slice';

/** The slice of each kind of job. */
export const sliceRunners: SliceRunners = { 'delete-variant': deleteVariantSlice };

/** The dependencies of the job runner in a Lambda or the local server (tests pass their own). */
export function jobDeps(log?: Logger): JobRunDeps {
  return { db: db(), now: clock, runners: sliceRunners, log };
}
