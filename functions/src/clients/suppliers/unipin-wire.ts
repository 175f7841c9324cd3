/**
 * UniPin's partner API on the wire: the request signature, one signed POST with a timeout, and
 * the reading of an answer into a named outcome. The adapter (./unipin.ts) builds on these.
 *
 * Field names follow the issue and what we know of UniPin's public docs; they stay unproven until
 * the adapter runs against UniPin's own sandbox (docs/suppliers.md).
 */
import { createHmac } from 'node:crypto';
import type { CallOutcome } from './supplier';

/** Error codes the adapter reads (the sandbox answers with the same ones). */
export const UNIPIN_ORDER_NOT_FOUND = '404';

/** `auth` = hex HMAC-SHA256(secret, partnerid + timestamp + path). */
export function unipinAuth(secret: string, partnerId: string, timestamp: string, path: string): string {
  return createHmac('sha256', secret)
    .update(partnerId + timestamp + path)
    .digest('hex');
}

export interface UnipinWire {
  baseUrl: string;
  partnerId: string;
  secret: string;
  timeoutMs: number;
  fetch: typeof fetch;
  now: () => Date;
}

export type UnipinBody = Record<string, unknown>;

/**
 * POST `body` to `<baseUrl><path>`, signed. `done` carries a body with `status: 1`; `status != 1`
 * on any non-5xx answer is UniPin refusing (nothing was done); anything else is `unknown`.
 */
export async function unipinPost(
  wire: UnipinWire,
  path: string,
  body: UnipinBody,
): Promise<CallOutcome<UnipinBody>> {
  const timestamp = String(Math.floor(wire.now().getTime() / 1000));
  let status: number;
  let raw: string;
  try {
    // The signal covers reading the body too: a server that stalls mid-answer is a timeout.
    const res = await wire.fetch(`${wire.baseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        partnerid: wire.partnerId,
        timestamp,
        path,
        auth: unipinAuth(wire.secret, wire.partnerId, timestamp, path),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(wire.timeoutMs),
    });
    status = res.status;
    raw = await res.text();
  } catch (error) {
    const name = (error as Error)?.name;
    return {
      kind: 'unknown',
      why:
        name === 'TimeoutError' || name === 'AbortError'
          ? `no answer within ${wire.timeoutMs} ms`
          : `network: ${(error as Error)?.message ?? String(error)}`,
    };
  }
  if (status >= 500) return { kind: 'unknown', why: `HTTP ${status}` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { kind: 'unknown', why: `HTTP ${status} with a body that is not JSON` };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { kind: 'unknown', why: `HTTP ${status} with a body that is not an object` };
  const answer = parsed as UnipinBody;
  const flag = Number(answer.status);
  if (answer.status === undefined || answer.status === null || !Number.isFinite(flag))
    return { kind: 'unknown', why: `HTTP ${status} without a status` };
  if (flag === 1) {
    // "Success" with a 3xx/4xx is contradictory: trust neither half.
    return status >= 200 && status < 300
      ? { kind: 'done', value: answer }
      : { kind: 'unknown', why: `HTTP ${status} with status 1` };
  }
  return { kind: 'refused', ...refusalOf(answer) };
}

/** UniPin puts the reason in `error: {code, message}`; some answers carry `reason`/`message`. */
function refusalOf(answer: UnipinBody): { reason: string; code?: string } {
  const error = answer.error && typeof answer.error === 'object' ? (answer.error as UnipinBody) : {};
  const reason = [error.message, answer.reason, answer.message].find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  const code = [error.code, answer.error_code, answer.code].find(
    (v) => typeof v === 'string' || typeof v === 'number',
  );
  return {
    reason: reason ?? 'UniPin refused without a reason',
    ...(code !== undefined && { code: String(code) }),
  };
}

/**
 * UniPin sends money as a decimal in major units (`"1.99"`, `15000.00`); ours is integer minor
 * units, counted as the runtime's Intl (CLDR) counts them: USD and MYR 2, IDR and JPY 0. Parsed
 * from the text, never through float arithmetic; non-zero digits below the minor unit make the
 * amount unreadable (undefined) rather than rounded.
 */
export function toMinorUnits(value: unknown, currency: string): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  let digits: number;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
  } catch {
    return undefined; // not an ISO currency: we do not know its minor unit
  }
  const fraction = match[2] ?? '';
  if (/[1-9]/.test(fraction.slice(digits))) return undefined;
  const minor = Number(match[1] + fraction.slice(0, digits).padEnd(digits, '0'));
  return Number.isSafeInteger(minor) ? minor : undefined;
}

export const wireText = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
