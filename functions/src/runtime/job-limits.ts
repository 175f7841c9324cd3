import { keptPerContainer } from './container-state';

/**
 * How much a long admin job does at a time. API Gateway cuts every request at 29 s and the worker
 * Lambda runs at most 50 s, so work goes in slices checked against a budget well below both.
 */
export interface JobLimits {
  /** Codes read and deleted per slice (a slice is ~sliceSize/49 transactions). */
  sliceSize: number;
  /** Time the starting request itself works before answering 202. */
  requestBudgetMs: number;
  /** Time one worker run works before it hands over to the next run. */
  workerBudgetMs: number;
  /** Slices per run at most (tests run one slice at a time). */
  maxSlicesPerRun: number;
  /** A worker's hold on a job; longer than a run, so a live worker never loses it. */
  leaseMs: number;
  /** Failed runs in a row before a job is marked failed. */
  maxFailures: number;
  /** Days a finished job stays readable (TTL). */
  keepDays: number;
}

const defaults: JobLimits = {
  sliceSize: 490,
  requestBudgetMs: 2_000,
  workerBudgetMs: 35_000,
  maxSlicesPerRun: Number.POSITIVE_INFINITY,
  leaseMs: 90_000,
  maxFailures: 5,
  keepDays: 7,
};

let override: Partial<JobLimits> | undefined;
keptPerContainer(() => (override = undefined));

export function jobLimits(): JobLimits {
  return { ...defaults, ...override };
}

/** Tests: smaller slices and runs (undefined goes back to the defaults). */
export function setJobLimits(next: Partial<JobLimits> | undefined): void {
  override = next;
}
