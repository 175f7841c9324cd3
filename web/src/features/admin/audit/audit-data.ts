import { dhakaDay } from '@khelaghor/contract/dhaka-day';
import { call } from '../../../shared/api/client';
import type { ItemOf } from '../api';
import { toCsv } from '../lib/csv';

/** One write of an admin call, as GET /api/admin/audit lists it. */
export type AuditEntry = ItemOf<'adminListAudit'>;
type AuditChange = AuditEntry['changes'][number];

/** The page's filters: an Asia/Dhaka day, and optionally an admin and an action. */
export interface AuditFilters {
  day: string;
  actor: string;
  action: string;
}

/** Today in Asia/Dhaka: the day the audit route reads by default. */
export const dhakaToday = (now = Date.now()): string => dhakaDay(now);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters a link carries (?day=&actor=&action=); today's day when it names none. */
export function filtersFrom(params: URLSearchParams): AuditFilters {
  const day = params.get('day') ?? '';
  return {
    day: DAY.test(day) ? day : dhakaToday(),
    actor: params.get('actor')?.trim() ?? '',
    action: params.get('action')?.trim() ?? '',
  };
}

/** The route's query for the filters: the day always, an admin and an action when given. */
export function auditQuery(f: AuditFilters): { day: string; actor?: string; action?: string } {
  return { day: f.day, ...(f.actor && { actor: f.actor }), ...(f.action && { action: f.action }) };
}

/** One admin call: its writes in the order they were made (seq), `first` being the first. */
export interface AuditCall {
  call_id: string;
  first: AuditEntry;
  entries: AuditEntry[];
}

/**
 * The entries as calls, newest call first (the server's order). A call's entries come adjacent,
 * but a page may end inside one: its rest, on the next page, joins the same call.
 */
export function groupByCall(entries: readonly AuditEntry[]): AuditCall[] {
  const calls = new Map<string, AuditEntry[]>();
  for (const e of entries) {
    const list = calls.get(e.call_id);
    if (list) list.push(e);
    else calls.set(e.call_id, [e]);
  }
  return [...calls].map(([call_id, list]) => {
    const sorted = [...list].sort((a, b) => a.seq - b.seq);
    return { call_id, first: sorted[0]!, entries: sorted };
  });
}

/** One line of a change's diff: an attribute, what it held and what the write made of it. */
interface DiffLine {
  key: string;
  before: unknown;
  after: unknown;
  /** The write removed the attribute (an update's REMOVE, a delete, a put without it). */
  removed: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a change did, attribute by attribute, unchanged ones left out: a put's new item against the
 * old, an update's attributes set and removed, a delete's whole old item. A check writes nothing.
 */
export function diffLines(change: AuditChange): DiffLine[] {
  const before = change.before ?? {};
  const after = change.after ?? {};
  const lines: DiffLine[] = [];
  if (change.op === 'check') return lines;
  const set = change.op === 'delete' ? [] : Object.keys(after);
  for (const key of set) {
    if (!(key in before) || !same(before[key], after[key]))
      lines.push({ key, before: before[key], after: after[key], removed: false });
  }
  const gone =
    change.op === 'update'
      ? (change.removed ?? [])
      : Object.keys(before).filter((key) => change.op === 'delete' || !(key in after));
  for (const key of gone) lines.push({ key, before: before[key], after: undefined, removed: true });
  return lines.sort((a, b) => a.key.localeCompare(b.key));
}

/** The CSV's columns: one line per entry, request and changes as JSON. */
const CSV_HEADER = [
  'at',
  'call_id',
  'seq',
  'actor_email',
  'actor_id',
  'ip',
  'action',
  'summary',
  'method',
  'path',
  'request',
  'changes',
  'more_changes',
];

/** The entries as CSV (RFC 4180 quoting; a cell that could start a formula gets a leading '). */
export function auditCsv(entries: readonly AuditEntry[]): string {
  return toCsv(
    CSV_HEADER,
    entries.map((e) => [
      e.at,
      e.call_id,
      e.seq,
      e.actor_email,
      e.actor_id,
      e.ip,
      e.action,
      e.summary,
      e.method,
      e.path,
      e.request === undefined ? '' : JSON.stringify(e.request),
      JSON.stringify(e.changes),
      e.more_changes,
    ]),
  );
}

/** The most entries one export holds (50 pages of 100). */
export const EXPORT_CAP = 5000;

/** Every page for the filters, up to `cap` entries; `capped` when the server had more. */
export async function fetchAllAudit(
  filters: AuditFilters,
  cap = EXPORT_CAP,
): Promise<{ items: AuditEntry[]; capped: boolean }> {
  const items: AuditEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await call('adminListAudit', { query: { ...auditQuery(filters), cursor, limit: 100 } });
    items.push(...page.items);
    cursor = page.cursor || undefined;
  } while (cursor && items.length < cap);
  // The loop ends with a cursor only at the cap: the server has more.
  return { items: items.slice(0, cap), capped: items.length > cap || cursor !== undefined };
}
