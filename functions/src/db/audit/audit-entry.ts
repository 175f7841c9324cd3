import { AUDIT_KEY_PREFIX } from '@khelaghor/contract/table';
import { dhakaDay } from '@khelaghor/contract/dhaka-day';
import type { AuditScope } from './audit-scope';

/** The partition of a day's audit entries. */
export const auditPartition = (day: string) => `${AUDIT_KEY_PREFIX}${day}`;
export const isAuditKey = (pk: unknown) => typeof pk === 'string' && pk.startsWith(AUDIT_KEY_PREFIX);

type Plain = Record<string, unknown>;

export interface AuditChange {
  op: 'put' | 'update' | 'delete';
  pk: string;
  sk: string;
  before: Plain | null;
  after: Plain | null;
  removed?: string[];
}

// Values an audit reader never needs and must never see: voucher codes, keys, secrets, tokens.
const SECRET_NAME =
  /(secret|password|passphrase|api_?key|apikey|token|signature|private|credential|^code$|^codes$|code_text|otp|^pin$|^hash$)/i;
const MAX_TEXT = 300;
const MAX_LIST = 20;
const MAX_DEPTH = 5;
/** Changes listed per entry, and the JSON size past which only keys are kept (an item holds 400 KB). */
const MAX_CHANGES = 25;
const MAX_ENTRY_CHARS = 200_000;

/** A value fit for the audit trail: secrets masked, long texts and lists cut, deep nesting flattened. */
export function masked(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… (${value.length} characters)` : value;
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Set) return masked([...value], depth);
  if (value instanceof Uint8Array) return `(${value.length} bytes)`;
  if (depth >= MAX_DEPTH) return '(nested)';
  if (Array.isArray(value)) {
    const shown = value.slice(0, MAX_LIST).map((v) => masked(v, depth + 1));
    return value.length > MAX_LIST ? [...shown, `… ${value.length - MAX_LIST} more`] : shown;
  }
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_NAME.test(k) && v !== null && v !== undefined && typeof v !== 'boolean'
        ? '***'
        : masked(v, depth + 1),
    ]),
  );
}

/** Split an expression on commas outside parentheses (`SET a = if_not_exists(a, :z), b = :b`). */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter(Boolean);
}

export interface UpdateInput {
  UpdateExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/**
 * What an UpdateExpression sets, adds and removes, with names and values resolved:
 * `SET #s = :s, n = n + :one REMOVE lease` → after { status: 'done', n: 'n + 1' }, removed ['lease'].
 */
export function resolvedUpdate(input: UpdateInput): { after: Plain; removed: string[] } {
  const names = input.ExpressionAttributeNames ?? {};
  const values = input.ExpressionAttributeValues ?? {};
  const name = (path: string) => path.replace(/#\w+/g, (n) => names[n] ?? n);
  const value = (expr: string): unknown =>
    /^:\w+$/.test(expr)
      ? values[expr]
      : name(expr).replace(/:\w+/g, (v) => (v in values ? JSON.stringify(values[v]) : v));
  const after: Plain = {};
  const removed: string[] = [];
  const clauses = (input.UpdateExpression ?? '').split(/\b(SET|REMOVE|ADD|DELETE)\b/i).slice(1);
  for (let i = 0; i + 1 < clauses.length; i += 2) {
    const verb = clauses[i]!.toUpperCase();
    for (const part of topLevelParts(clauses[i + 1]!)) {
      if (verb === 'SET') {
        const eq = part.indexOf('=');
        after[name(part.slice(0, eq).trim())] = value(part.slice(eq + 1).trim());
      } else if (verb === 'REMOVE') {
        removed.push(name(part));
      } else {
        const [path, operand] = part.split(/\s+/, 2);
        const key = name(path!);
        if (verb === 'ADD') after[key] = { add: value(operand ?? '') };
        else removed.push(`${key} ${JSON.stringify(value(operand ?? ''))}`);
      }
    }
  }
  return { after, removed };
}

/** The audit entry of one write of `scope`'s call: the item to Put in the write's transaction. */
export function auditEntryItem(scope: AuditScope, seq: number, changes: AuditChange[]): Plain {
  const listed = changes.slice(0, MAX_CHANGES).map((c) => ({
    ...c,
    before: c.before && (masked(c.before) as Plain),
    after: c.after && (masked(c.after) as Plain),
  }));
  const fits = JSON.stringify(listed).length <= MAX_ENTRY_CHARS;
  const id = `${scope.at}#${scope.callId}#${String(seq).padStart(3, '0')}`;
  return {
    pk: auditPartition(dhakaDay(scope.at)),
    sk: id,
    type: 'audit',
    id,
    call_id: scope.callId,
    seq,
    at: scope.at,
    actor_id: scope.actorId,
    actor_email: scope.actorEmail,
    ip: scope.ip,
    request_id: scope.requestId,
    action: scope.action,
    summary: scope.summary,
    method: scope.method,
    path: scope.path,
    request: scope.request,
    changes: fits ? listed : listed.map(({ op, pk, sk }) => ({ op, pk, sk, before: null, after: null })),
    more_changes: changes.length - listed.length,
  };
}
