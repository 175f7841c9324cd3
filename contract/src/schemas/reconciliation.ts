import * as z from '../zod';

/**
 * The daily reconciliation (issue 34): one report per Asia/Dhaka day, its breaks named. What each
 * break means and what to do: docs/operations.md, 'Daily reconciliation'.
 */

const BREAK_KINDS = [
  'missing_in_shop',
  'missing_at_gateway',
  'amount_mismatch',
  'status_mismatch',
  'ledger_mismatch',
] as const;

/** Which book the break was found in. */
const BREAK_SOURCES = ['gateway', 'manual', 'supplier', 'wallet'] as const;

export const ReconDayParams = z.object({
  day: z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD'),
    z.refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Not a calendar day'),
  ),
});

export const ReconBreakParams = z.extend(ReconDayParams, {
  id: z.string().check(z.minLength(1), z.maxLength(200)),
});

export const ResolveBreakBody = z.object({
  note: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please say how it was resolved'),
      z.maxLength(500, 'Must be at most 500 characters'),
    ),
});

const ReconBreak = z.object({
  /** Stable within a day: kind, source and reference (a re-run keeps its resolution). */
  id: z.string(),
  kind: z.enum(BREAK_KINDS),
  source: z.enum(BREAK_SOURCES),
  /** The payment, invoice, order or user it is about. */
  reference: z.string(),
  /** What the shop's books say and what the other side says (poisha or a status, as text). */
  shop: z.nullable(z.string()),
  other: z.nullable(z.string()),
  detail: z.string(),
  resolved_by: z.nullable(z.string()),
  resolved_at: z.nullable(z.string()),
  resolution_note: z.nullable(z.string()),
});
export type ReconBreak = z.infer<typeof ReconBreak>;

export const ReconReport = z.object({
  day: z.string(),
  /** UTC bounds of the Dhaka day: [from, until). */
  from: z.string(),
  until: z.string(),
  ran_at: z.string(),
  ran_by: z.string(),
  checked: z.object({
    gateway_invoices: z.int(),
    manual_payments: z.int(),
    supplier_orders: z.int(),
    wallets: z.int(),
  }),
  /** False on the real gateway: it has no list call, so invoices the shop never heard of go unseen. */
  gateway_listed: z.boolean(),
  /** Checks that could not be made (the gateway or a supplier did not answer). */
  unchecked: z.array(z.string()),
  breaks: z.array(ReconBreak),
});
export type ReconReport = z.infer<typeof ReconReport>;

export const ReconReportResponse = z.object({ report: z.nullable(ReconReport) });
export const ReconRunResponse = z.object({ report: ReconReport, message: z.string() });
export const ResolveBreakResponse = z.object({ report: ReconReport, message: z.string() });
