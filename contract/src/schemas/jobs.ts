import * as z from '../zod';

/**
 * Long admin jobs (deleting a variant with many codes): the request starts one and answers 202;
 * a worker continues it in bounded slices; the admin polls GET /api/admin/jobs/{id}.
 */
export const JobKind = z.enum(['delete-variant']);
export type JobKind = z.infer<typeof JobKind>;
export const JobStatus = z.enum(['running', 'done', 'failed']);
export type JobStatus = z.infer<typeof JobStatus>;

export const Job = z.object({
  id: z.string(),
  kind: JobKind,
  /** What the job works on, e.g. the variant being deleted. */
  target: z.object({ id: z.string(), name: z.string() }),
  status: JobStatus,
  /** Codes deleted so far. */
  done: z.int(),
  /** Codes to delete (grows when a code reserved for a pending order comes back). */
  total: z.int(),
  /** Codes reserved for pending orders the job waits for (their hold ends, or they are sold). */
  waiting: z.int(),
  error: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.nullable(z.string()),
});
export type Job = z.infer<typeof Job>;

export const JobResponse = z.object({ job: Job });

/** 200 with the message when the delete finished inside the request; 202 with the job otherwise. */
export const DeleteVariantResponse = z.object({ message: z.string(), job: z.optional(Job) });
export type DeleteVariantResponse = z.infer<typeof DeleteVariantResponse>;
