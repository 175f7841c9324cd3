import type { RouteDef } from '@khelaghor/contract';
import { Refusal } from '../domain/refusals';
import {
  keySecretFromRoots,
  NONCE_PATTERN,
  SIGNATURE_WINDOW_SECONDS,
  timestampInWindow,
  verifySignature,
} from '../domain/resellers/signing';
import { acceptedValues, resellerKeyRoots } from '../runtime/secrets';
import type { Event } from './handler';

/**
 * The check shared by every key-signed route (the reseller API, the SMS devices' intake): the
 * X-Key-Id / X-Timestamp / X-Nonce / X-Signature headers of docs/reseller-api.md, the time window,
 * an active key and its HMAC over method, path, timestamp, nonce and body. Taking the nonce is the
 * caller's, after its own checks, so an unsigned caller never burns one.
 */

/** A nonce is kept a little longer than a timestamp can be off either way. */
export const NONCE_TTL_SECONDS = 2 * SIGNATURE_WINDOW_SECONDS;

/** One answer for every failed check: the caller learns nothing about which part was wrong. */
export const invalidSignature = () => new Refusal('unauthorized', 'Invalid signature');

interface SigningKey {
  status: 'active' | 'revoked';
  secret_hash: string;
}

export async function verifySignedRequest<K extends SigningKey>(
  route: RouteDef,
  event: Event,
  headers: Record<string, string | undefined>,
  at: Date,
  keyIdPattern: RegExp,
  loadKey: (keyId: string) => Promise<K | undefined>,
): Promise<{ keyId: string; nonce: string; key: K }> {
  const keyId = headers['x-key-id']?.trim() ?? '';
  const timestamp = headers['x-timestamp']?.trim() ?? '';
  const nonce = headers['x-nonce']?.trim() ?? '';
  const signature = headers['x-signature']?.trim() ?? '';
  if (!keyIdPattern.test(keyId) || !NONCE_PATTERN.test(nonce) || !signature) throw invalidSignature();
  if (!timestampInWindow(timestamp, at.getTime())) throw invalidSignature();

  const key = await loadKey(keyId);
  if (!key || key.status !== 'active') throw invalidSignature();
  // Derived with the key's own root (current or previous); a key whose root was dropped from the
  // secret is refused, never half-accepted.
  const secret = keySecretFromRoots(acceptedValues(await resellerKeyRoots()), keyId, key.secret_hash);
  if (!secret) throw invalidSignature();
  const body = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64') : event.body) : '';
  const path = event.rawPath + (event.rawQueryString ? `?${event.rawQueryString}` : '');
  if (!verifySignature({ method: route.method, path, timestamp, nonce, body, secret, signature }))
    throw invalidSignature();
  return { keyId, nonce, key };
}
