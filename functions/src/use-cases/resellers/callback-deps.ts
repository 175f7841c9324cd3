import { postCallbackTo } from '../../clients/callback-http';
import { db } from '../../db/client';
import { CALLBACK_TIMEOUT_MS } from '../../domain/resellers/callback-schedule';
import { clock } from '../../runtime/clock';
import { acceptedValues, resellerKeyRoots } from '../../runtime/secrets';
import { targetDeps } from './callback-target';
import type { CallbackDeps } from './deliver-callback';

/** What sending callbacks needs in a Lambda (tests pass their own clock or sender). */
export function callbackDeps(): CallbackDeps {
  return {
    db: db(),
    now: clock,
    post: postCallbackTo(CALLBACK_TIMEOUT_MS),
    target: targetDeps(),
    keyRoots: async () => acceptedValues(await resellerKeyRoots()),
  };
}
