// The one pure exception to the domain's no-node rule: HMAC and SHA-256 are computation, not I/O, and
// both sides of the signature (requests and callbacks) must share this exact code.
// eslint-disable-next-line boundaries/external
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The reseller API's signature (docs/reseller-api.md), used both ways: requests a reseller signs
 * with their key's secret, and callbacks the shop signs with the same secret.
 */

export interface SignedParts {
  /** Upper case, e.g. POST. */
  method: string;
  /** The path with its query string, exactly as sent, e.g. /api/reseller/v1/orders?limit=10. */
  path: string;
  /** Unix seconds, as a decimal string or number. */
  timestamp: string | number;
  nonce: string;
  /** The raw body bytes ('' when none). */
  body: string | Buffer;
}

/**
 * A key's signing secret. It is derived from the server's secret rather than stored, so the table
 * holds nothing that signs (only a hash to notice a changed server secret): base64url HMAC-SHA256.
 */
export function deriveKeySecret(serverSecret: string, keyId: string): string {
  return createHmac('sha256', serverSecret).update(keyId).digest('base64url');
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * A key's secret derived from the root that made it. The root has a current and previous values
 * (runtime/secrets.ts): a key keeps working after a rotation because its stored `secret_hash`
 * tells which root derives it. Undefined when no root given derives it (its root was dropped).
 */
export function keySecretFromRoots(
  roots: readonly string[],
  keyId: string,
  secretHash: string,
): string | undefined {
  for (const root of roots) {
    const secret = deriveKeySecret(root, keyId);
    if (sha256Hex(secret) === secretHash) return secret;
  }
  return undefined;
}

/** METHOD\nPATH_WITH_QUERY\nTIMESTAMP\nNONCE\nhex(SHA256(body)) */
export function signingString(p: SignedParts): string {
  return [p.method.toUpperCase(), p.path, String(p.timestamp), p.nonce, sha256Hex(p.body)].join('\n');
}

/** Lowercase hex HMAC-SHA256 of the signing string with the key's secret. */
export function signRequest(p: SignedParts & { secret: string }): string {
  return createHmac('sha256', p.secret).update(signingString(p)).digest('hex');
}

/** Constant-time comparison of a presented signature with the expected one (any malformed value is false). */
export function verifySignature(p: SignedParts & { secret: string; signature: string }): boolean {
  const presented = p.signature.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(presented)) return false;
  return timingSafeEqual(Buffer.from(signRequest(p), 'hex'), Buffer.from(presented, 'hex'));
}

/** A nonce is 16-64 characters of [A-Za-z0-9_-]. */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** How far a request's timestamp may be from the server's clock, either way. */
export const SIGNATURE_WINDOW_SECONDS = 300;

/** Whether a timestamp header is unix seconds within the window of `nowMs`. */
export function timestampInWindow(timestamp: string, nowMs: number): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - Math.floor(nowMs / 1000)) <= SIGNATURE_WINDOW_SECONDS;
}
