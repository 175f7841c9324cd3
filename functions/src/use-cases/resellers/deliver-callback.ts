import type { ResellerCallback } from '@khelaghor/contract/schemas/reseller-callbacks';
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { COULD_NOT_CONNECT, type CallbackAnswer, type PostCallback } from '../../clients/callback-http';
import type { CallbackItem } from '../../db/resellers/callback-items';
import { claimCallback, recordAttempt } from '../../db/resellers/callback-queue';
import type { Db } from '../../db/client';
import { getCode } from '../../db/stock/code-item';
import { getReseller } from '../../db/resellers/reseller-item';
import { getResellerKey } from '../../db/resellers/reseller-keys';
import {
  afterAttempt,
  CALLBACK_LEASE_MS,
  isDelivered,
  withAttempt,
} from '../../domain/resellers/callback-schedule';
import { deriveKeySecret, keySecretFromRoots, signRequest } from '../../domain/resellers/signing';
import { checkCallbackUrl, type TargetDeps } from './callback-target';

export interface CallbackDeps {
  db: Db;
  now: () => Date;
  post: PostCallback;
  /** How the URL's host is resolved and which addresses may be sent to (checked before every POST). */
  target: TargetDeps;
  /** The roots the keys' secrets are derived from, current first (RESELLER_KEY_SECRET). */
  keyRoots: () => Promise<string[]>;
}

export type DeliveryResult = 'delivered' | 'retry' | 'failed' | 'waiting' | 'skipped';

/** What the reseller's server receives: the event and the order, with the code of a completed one. */
function callbackBody(c: CallbackItem, code: string | null) {
  return {
    id: c.id,
    event: c.event,
    created_at: c.created_at,
    order: { ...c.payload, code },
  };
}

/** The signed POST's headers: the order's key, a fresh timestamp and nonce (docs/reseller-api.md). */
function signedHeaders(c: CallbackItem, url: URL, body: string, secret: string, now: Date) {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const nonce = randomBytes(18).toString('base64url');
  const signature = signRequest({
    secret,
    method: 'POST',
    path: url.pathname + url.search,
    timestamp,
    nonce,
    body,
  });
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Khelaghor-Callbacks/1',
    'X-Key-Id': c.key_id,
    'X-Timestamp': timestamp,
    'X-Nonce': nonce,
    'X-Signature': signature,
    'X-Callback-Id': c.id,
    'X-Callback-Event': c.event,
  };
}

/**
 * One attempt at a due callback, by whoever claimed it first (the stream at once, the retry job
 * later, 'send again'): claim, read the reseller's URL now (the latest one counts), check where it
 * points (callback-target.ts), POST to that address, log the attempt and schedule the next or give up. 'skipped' when it was not due or another worker has it.
 */
export async function deliverCallback(deps: CallbackDeps, id: string): Promise<DeliveryResult> {
  const { db } = deps;
  const owner = ulid();
  const claimed = await claimCallback(db, id, owner, deps.now(), CALLBACK_LEASE_MS);
  if (!claimed) return 'skipped';
  const reseller = await getReseller(db, claimed.reseller_id);
  const saved = reseller?.is_active ? reseller.callback_url : null;
  if (!saved) {
    const at = deps.now().toISOString();
    const noUrl = { at, status_code: null, error: 'No callback URL set', duration_ms: 0 };
    await recordAttempt(db, claimed, {
      attempts: withAttempt(claimed.attempts, noUrl),
      result: { status: 'waiting' },
      now: at,
      counted: false,
    });
    return 'waiting';
  }
  // Checked again now: the name's addresses may have changed since the URL was saved (or the URL
  // was saved before the check existed). A refused one is a failed attempt and no POST is made.
  const check = await checkCallbackUrl(saved, deps.target);
  if (!check.ok) {
    const error = check.lookupFailed ? COULD_NOT_CONNECT : check.problem;
    return logAttempt(deps, claimed, { status_code: null, error, duration_ms: 0 }, deps.now());
  }
  const { target } = check;
  const code =
    claimed.event === 'order.completed' && claimed.code_id
      ? ((await getCode(db, claimed.variant_id, claimed.code_id))?.code ?? null)
      : null;
  const body = JSON.stringify(callbackBody(claimed, code));
  const sentAt = deps.now();
  const secret = await callbackSecret(deps, claimed.key_id);
  const answer: CallbackAnswer = await deps.post(
    target,
    signedHeaders(claimed, target.url, body, secret, sentAt),
    body,
  );
  return logAttempt(deps, claimed, answer, sentAt);
}

/** A counted attempt (a POST, or one refused before it): logged, and the next one scheduled or given up. */
async function logAttempt(
  deps: CallbackDeps,
  claimed: CallbackItem,
  answer: CallbackAnswer,
  sentAt: Date,
): Promise<DeliveryResult> {
  const { db } = deps;
  const at = sentAt.toISOString();
  const delivered = isDelivered(answer.status_code);
  const result = afterAttempt(claimed, { at, delivered });
  await recordAttempt(db, claimed, {
    attempts: withAttempt(claimed.attempts, {
      at,
      status_code: answer.status_code,
      error: delivered ? null : answer.error,
      duration_ms: answer.duration_ms,
    }),
    result,
    now: deps.now().toISOString(),
    counted: true,
  });
  return result.status === 'pending' ? 'retry' : result.status;
}

/**
 * The order's key's secret, derived with the root that made the key (its stored hash tells), so a
 * key made before a root rotation still verifies the callbacks; a key gone from the table (or of a
 * dropped root) gets the current root's derivation, which the reseller will refuse as they should.
 */
export async function callbackSecret(
  deps: Pick<CallbackDeps, 'db' | 'keyRoots'>,
  keyId: string,
): Promise<string> {
  const [roots, key] = await Promise.all([deps.keyRoots(), getResellerKey(deps.db, keyId)]);
  return (key && keySecretFromRoots(roots, keyId, key.secret_hash)) ?? deriveKeySecret(roots[0]!, keyId);
}

/** The API shape of a callback (the lease and the code's id stay on the server). */
export function callbackView(c: CallbackItem): ResellerCallback {
  return {
    id: c.id,
    order_id: c.order_id,
    reseller_id: c.reseller_id,
    key_id: c.key_id,
    event: c.event,
    status: c.status,
    payload: c.payload,
    attempts: c.attempts ?? [],
    attempt_count: c.attempt_count ?? 0,
    next_attempt_at: c.next_attempt_at ?? null,
    waiting_for_url: c.status === 'pending' && !c.next_attempt_at,
    created_at: c.created_at,
    delivered_at: c.delivered_at ?? null,
  };
}
