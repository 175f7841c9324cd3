import { getCallback } from '../../db/callbacks/callback-items';
import { callbacksPage, reopenCallback } from '../../db/callbacks/callback-queue';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../domain/refusals';
import { callbackView } from './deliver-callback';

/**
 * 'Send again' (the reseller for their own callbacks, `resellerId` set; the admin for any): due
 * now, and one more attempt for a delivered or failed one. The stream sends it within moments.
 * Another reseller's callback is 404, as if it did not exist.
 */
export async function resendCallback(deps: { db: Db; now: () => Date }, id: string, resellerId?: string) {
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
