import * as z from '../zod';
import { PageQuery } from './orders';

/**
 * The audit trail (issue 34, DESIGN 12): every write an admin route makes carries an audit entry
 * in the same DynamoDB transaction (functions/src/db/audit/). One admin call that writes several
 * times has one entry per write, all with the call's `call_id`; the admin's Audit page shows a
 * call as one record.
 */

const Day = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD'),
  z.refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Not a calendar day'),
);

export const AuditQuery = z.extend(PageQuery, {
  /** The Asia/Dhaka day to read; today's when absent. */
  day: z.optional(Day),
  /** Only this admin: a user id, or (part of) an email. */
  actor: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  /** Only this action: a route's handler name, e.g. `admin-commerce/wallet-adjustment`. */
  action: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});

/** One item's change: its key, what it held before and what the write made of it. */
const AuditChange = z.object({
  op: z.enum(['put', 'update', 'delete', 'check']),
  pk: z.string(),
  sk: z.string(),
  /** The item as it was just before the write (null: it did not exist). Secrets are masked. */
  before: z.nullable(z.record(z.string(), z.unknown())),
  /** A put: the new item. An update: the attributes it set or added (names and values resolved). */
  after: z.nullable(z.record(z.string(), z.unknown())),
  /** An update's REMOVE and DELETE parts, by attribute name. */
  removed: z.optional(z.array(z.string())),
});

const AuditEntry = z.object({
  id: z.string(),
  /** The admin call this write belongs to (one call may write more than once). */
  call_id: z.string(),
  /** 1 for a call's first write, 2 for its second... */
  seq: z.int(),
  at: z.string(),
  actor_id: z.string(),
  actor_email: z.string(),
  ip: z.string(),
  /** The route's handler name, e.g. `admin-commerce/wallet-adjustment`. */
  action: z.string(),
  /** The route's summary, as the API reference names it. */
  summary: z.string(),
  method: z.string(),
  path: z.string(),
  /** What the admin sent, secrets masked and long lists shortened. */
  request: z.unknown(),
  changes: z.array(AuditChange),
  /** How many items the write changed beyond those listed in `changes` (kept under DynamoDB's item size). */
  more_changes: z.int(),
});

export const AuditPage = z.object({ items: z.array(AuditEntry), cursor: z.nullable(z.string()) });
