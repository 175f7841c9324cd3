import { createHmac } from 'node:crypto';
import type { CallOutcome, SupplierOptions } from './supplier';

/**
 * MooGold's wire: every call is a POST of `{ path, data, ...top-level extras }` to
 * `<baseUrl>/<path>`, with Basic auth (partner id : secret key), a `timestamp` header (Unix
 * seconds) and an `auth` header, the hex HMAC-SHA256 of `body + timestamp + path` under the
 * secret key, where `body` is the exact JSON text sent.
 */
export interface MoogoldCredentials {
  partnerId: string;
  secret: string;
}

function moogoldSignature(secret: string, body: string, timestamp: string, path: string): string {
  return createHmac('sha256', secret)
    .update(body + timestamp + path)
    .digest('hex');
}

export type Json = Record<string, unknown>;

/** A JSON answer we can read (any HTTP status below 500), or an outcome that is not one. */
export type WireResult =
  { kind: 'answer'; status: number; body: Json } | Extract<CallOutcome<never>, { kind: 'unknown' }>;

export async function moogoldPost(
  options: SupplierOptions & MoogoldCredentials,
  path: string,
  data: Json,
  extra: Json = {},
): Promise<WireResult> {
  const body = JSON.stringify({ path, data, ...extra });
  const now = options.now?.() ?? new Date();
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const basic = Buffer.from(`${options.partnerId}:${options.secret}`).toString('base64');
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  let text: string;
  try {
    response = await doFetch(`${options.baseUrl.replace(/\/+$/, '')}/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Basic ${basic}`,
        timestamp,
        auth: moogoldSignature(options.secret, body, timestamp, path),
      },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 8000),
    });
    // The body is read under the same timeout: a supplier that stalls mid-answer is a timeout too.
    text = await response.text();
  } catch (error) {
    const name = (error as Error)?.name;
    return {
      kind: 'unknown',
      why: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : `network: ${errorText(error)}`,
    };
  }
  // A 5xx may come after the order was committed (a proxy timing out in front of MooGold):
  // never a refusal, whatever its body says.
  if (response.status >= 500) return { kind: 'unknown', why: `http ${response.status}` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'unknown', why: `not json (http ${response.status})` };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { kind: 'unknown', why: `not an object (http ${response.status})` };
  }
  return { kind: 'answer', status: response.status, body: parsed as Json };
}

/**
 * MooGold's documented business error: `status: false` with a `message` (and often an
 * `err_code`). Anything else that is not a success stays unknown.
 */
export function businessError(body: Json): { reason: string; code?: string } | undefined {
  if (body.status !== false) return undefined;
  const message = body.message ?? body.err_message;
  if (typeof message !== 'string' || message === '') return undefined;
  const code = body.err_code;
  return {
    reason: message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
  };
}

/** "12.34" or 12.34 (US dollars, MooGold's account currency) -> 1234 cents, no float arithmetic. */
export function dollarsToCents(value: unknown): number | undefined {
  const text = typeof value === 'number' ? value.toFixed(2) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function errorText(error: unknown): string {
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  return cause ?? String((error as Error)?.message ?? error).slice(0, 120);
}
