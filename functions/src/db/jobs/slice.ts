import type { JobKind } from '@khelaghor/contract/schemas/jobs';
import type { Db } from '../client';
import type { JobItem } from './job-item';

/**
 * What one slice of a job reports: 'more' work is left, the list is 'lagging' behind the table
 * (read again shortly), the job is 'waiting' for something outside it (codes held for pending
 * orders), or it is 'done' (the slice ended the job in its last transaction).
 */
export interface SliceOutcome {
  state: 'more' | 'lagging' | 'waiting' | 'done';
  /** Work still known to be left (e.g. available codes), for the job's total. */
  remaining: number;
  waiting?: number;
}

interface SliceContext {
  db: Db;
  now: () => Date;
  /** The lease holder: every write of the slice is conditioned on it. */
  owner: string;
  sliceSize: number;
  keepDays: number;
}

/** One bounded step of a job of one kind; it must finish well within a run's budget. */
export type SliceRunner = (ctx: SliceContext, job: JobItem) => Promise<SliceOutcome>;

export type SliceRunners = Record<JobKind, SliceRunner>;
