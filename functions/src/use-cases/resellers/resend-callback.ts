import { getCallback } from '../../db/resellers/callback-items';
import { callbacksPage, reopenCallback } from '../../db/resellers/callback-queue';
import type { Db } from '../../db/client';
import { enforceRateLimits, type RateLimit } from '../../db/rate-limit';
import { conflict, notFound } from '../../domain/refusals';
import { callbackView } from './deliver-callback';

/**
 * A reseller's 'send again' requests, per reseller (all their callbacks together), found or not:
 * each one is a POST to their URL, and the 30-second lease alone let 16 through in 9 s. The
 * admin's are not counted (a person behind MFA, sending one at a time).
 */
const RESEND_RATE_LIMIT: RateLimit = { scope: 'cb-resend', limit: 10, windowSeconds: 60 };

/**
 * 'Send again' (the reseller for their own callbacks, `resellerId` set; the admin for any): due
 * now, and one more attempt for a delivered or failed one. The stream sends it within moments.
 * Another reseller's callback is 404, as if it did not exist.
 */
export async function resendCallback(deps: { db: Db; now: () => Date }, id: string, resellerId?: string) {
  if (resellerId !== undefined) {
    await enforceRateLimits(
      deps.db,
      [{ rule: RESEND_RATE_LIMIT, key: resellerId }],
      deps.now(),
      'Too many send-again requests. Please wait a minute and try again.',
    );
  }
  const callback = await getCallback(deps.db, id);
  if (!callback || (resellerId !== undefined && callback.reseller_id !== resellerId))
    throw notFound('Callback not found');
  if (!(await reopenCallback(deps.db, callback, deps.now())))
    throw conflict('This callback is being sent right now. Please try again in a moment.');
  return {
    callback: callbackView((await getCallback(deps.db, id))!),
    message: 'The callback will be sent again now',
  };
}

/** A reseller's callbacks, newest first, with their attempts. */
export async function listCallbacks(db: Db, resellerId: string, page: { cursor?: string; limit: number }) {
  const found = await callbacksPage(db, resellerId, page);
  return { items: found.items.map(callbackView), cursor: found.cursor };
}
