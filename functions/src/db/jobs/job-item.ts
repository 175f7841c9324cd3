import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Job, JobKind, JobStatus } from '@khelaghor/contract/schemas/jobs';
import type { Db } from '../client';
import { indexKeys, keys, listQuery, lists, timeKey } from '../keys';
import { isConditionFailure } from '../transact';
import type { TransactItem } from '../transact';

/** A background admin job as stored (see docs/data-model.md). */
export interface JobItem {
  type: 'job';
  id: string;
  kind: JobKind;
  target: { id: string; name: string; product_id: string };
  status: JobStatus;
  done: number;
  total: number;
  waiting: number;
  error: string | null;
  failures: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** The worker holding the job, and until when (epoch ms). */
  lease_owner?: string;
  lease_until?: number;
  /** Epoch seconds: a finished job expires some days later. */
  ttl?: number;
}

/** The worker holding the lease lost it (another worker took over): it must stop at once. */
class LeaseLost extends Error {
  constructor(jobId: string) {
    super(`lease on job ${jobId} lost`);
    this.name = 'LeaseLost';
  }
}

export function jobView(j: JobItem): Job {
  return {
    id: j.id,
    kind: j.kind,
    target: { id: j.target.id, name: j.target.name },
    status: j.status,
    done: j.done,
    total: Math.max(j.total, j.done),
    waiting: j.waiting ?? 0,
    error: j.error ?? null,
    created_at: j.created_at,
    updated_at: j.updated_at,
    finished_at: j.finished_at ?? null,
  };
}

/** A new running job, on the worker's queue (gsi3) until it ends. */
export function newJobPut(
  table: string,
  job: Omit<
    JobItem,
    'type' | 'status' | 'done' | 'waiting' | 'error' | 'failures' | 'updated_at' | 'finished_at'
  >,
): TransactItem {
  const item: JobItem = {
    type: 'job',
    status: 'running',
    done: 0,
    waiting: 0,
    error: null,
    failures: 0,
    updated_at: job.created_at,
    finished_at: null,
    ...job,
  };
  return {
    Put: {
      TableName: table,
      Item: {
        ...keys.job(job.id),
        ...item,
        gsi3pk: indexKeys.runningJobs(),
        gsi3sk: timeKey(job.created_at, job.id),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getJob(db: Db, id: string): Promise<JobItem | undefined> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.job(id), ConsistentRead: true }),
  );
  return res.Item as JobItem | undefined;
}

/** Running jobs, oldest first (the scheduled worker's queue). */
export async function runningJobIds(db: Db, limit = 20): Promise<string[]> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      ...listQuery(lists.runningJobs()),
      ProjectionExpression: 'pk',
      Limit: limit,
    }),
  );
  // gsi3 does not project `id`; the table key JOB#<id> carries it.
  const prefix = keys.job('').pk;
  return (res.Items ?? []).map((i) => String(i.pk).slice(prefix.length));
}

/**
 * Take a running job for `owner` when no other worker holds it (or its lease ran out). Undefined
 * when the job is held, finished or unknown: the caller leaves it alone.
 */
export async function takeLease(
  db: Db,
  id: string,
  owner: string,
  nowMs: number,
  leaseMs: number,
): Promise<JobItem | undefined> {
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.job(id),
        UpdateExpression: 'SET lease_owner = :owner, lease_until = :until',
        ConditionExpression:
          '#status = :running AND (attribute_not_exists(lease_until) OR lease_until < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':running': 'running',
          ':owner': owner,
          ':until': nowMs + leaseMs,
          ':now': nowMs,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return res.Attributes as JobItem;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** The condition every write of the lease holder carries: still its job, still running. */
const holder = (owner: string) => ({
  ConditionExpression: 'lease_owner = :owner AND #status = :running',
  ExpressionAttributeNames: { '#status': 'status' },
  values: { ':owner': owner, ':running': 'running' },
});

/** Extend the lease after a slice and record what is left; throws LeaseLost when another worker holds it. */
export async function renewLease(
  db: Db,
  id: string,
  owner: string,
  input: { nowMs: number; leaseMs: number; now: string; remaining?: number; waiting?: number },
): Promise<JobItem> {
  const h = holder(owner);
  const set = ['lease_until = :until', 'updated_at = :now', 'failures = :zero'];
  const values: Record<string, unknown> = {
    ...h.values,
    ':until': input.nowMs + input.leaseMs,
    ':now': input.now,
    ':zero': 0,
  };
  if (input.remaining !== undefined) {
    // What is deleted plus what is still available: grows when a reserved code comes back.
    set.push('#total = done + :remaining');
    values[':remaining'] = input.remaining;
  }
  if (input.waiting !== undefined) {
    set.push('waiting = :waiting');
    values[':waiting'] = input.waiting;
  }
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.job(id),
        UpdateExpression: `SET ${set.join(', ')}`,
        ConditionExpression: h.ConditionExpression,
        ExpressionAttributeNames: {
          ...h.ExpressionAttributeNames,
          ...(input.remaining !== undefined && { '#total': 'total' }),
        },
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return res.Attributes as JobItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new LeaseLost(id);
    throw error;
  }
}

/** Give the job back at the end of a run, so the next kick or schedule need not wait for the lease. */
export async function releaseLease(db: Db, id: string, owner: string): Promise<void> {
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.job(id),
        UpdateExpression: 'REMOVE lease_owner, lease_until',
        ConditionExpression: 'lease_owner = :owner',
        ExpressionAttributeValues: { ':owner': owner },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/**
 * Progress in the same transaction as the work: `n` more done, only while `owner` holds the job.
 * A worker that lost its lease cannot delete anything, so no code is ever counted twice.
 */
export function progressItem(table: string, id: string, owner: string, n: number, now: string): TransactItem {
  const h = holder(owner);
  return {
    Update: {
      TableName: table,
      Key: keys.job(id),
      UpdateExpression: 'SET done = done + :n, updated_at = :now',
      ConditionExpression: h.ConditionExpression,
      ExpressionAttributeNames: h.ExpressionAttributeNames,
      ExpressionAttributeValues: { ...h.values, ':n': n, ':now': now },
    },
  };
}

/** End of a job (done or failed): off the queue, lease gone, expires `keepDays` later. */
export function finishItem(
  table: string,
  id: string,
  owner: string,
  input: { status: 'done' | 'failed'; now: Date; keepDays: number; error?: string },
): TransactItem {
  const h = holder(owner);
  const now = input.now.toISOString();
  return {
    Update: {
      TableName: table,
      Key: keys.job(id),
      UpdateExpression:
        'SET #status = :status, finished_at = :now, updated_at = :now, waiting = :zero, #error = :error, #ttl = :ttl ' +
        'REMOVE gsi3pk, gsi3sk, lease_owner, lease_until',
      ConditionExpression: h.ConditionExpression,
      ExpressionAttributeNames: { ...h.ExpressionAttributeNames, '#error': 'error', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ...h.values,
        ':status': input.status,
        ':now': now,
        ':zero': 0,
        ':error': input.error ?? null,
        ':ttl': Math.floor(input.now.getTime() / 1000) + input.keepDays * 86_400,
      },
    },
  };
}

/** A run failed: count it; after `maxFailures` in a row the job ends as failed with the message. */
export async function recordFailure(
  db: Db,
  job: JobItem,
  owner: string,
  input: { now: Date; message: string; maxFailures: number; keepDays: number },
): Promise<void> {
  const failures = (job.failures ?? 0) + 1;
  const h = holder(owner);
  const update =
    failures >= input.maxFailures
      ? finishItem(db.table, job.id, owner, {
          status: 'failed',
          now: input.now,
          keepDays: input.keepDays,
          error: input.message,
        }).Update!
      : {
          TableName: db.table,
          Key: keys.job(job.id),
          UpdateExpression: 'SET failures = :failures, #error = :error, updated_at = :now',
          ConditionExpression: h.ConditionExpression,
          ExpressionAttributeNames: { ...h.ExpressionAttributeNames, '#error': 'error' },
          ExpressionAttributeValues: {
            ...h.values,
            ':failures': failures,
            ':error': input.message,
            ':now': input.now.toISOString(),
          },
        };
  await db.doc.send(new UpdateCommand(update)).catch((error: unknown) => {
    if (!isConditionFailure(error)) throw error;
  });
}
