import { fetchPostCallback } from '../../clients/callback-http';
import { db } from '../../db/client';
import { CALLBACK_TIMEOUT_MS } from '../../domain/resellers/callback-schedule';
import { clock } from '../../runtime/clock';
import { acceptedValues, resellerKeyRoots } from '../../runtime/secrets';
import type { CallbackDeps } from './deliver-callback';

/** What sending callbacks needs in a Lambda (tests pass their own clock or sender). */
export function callbackDeps(): CallbackDeps {
  return {
    db: db(),
    now: clock,
    post: fetchPostCallback(CALLBACK_TIMEOUT_MS),
    keyRoots: async () => acceptedValues(await resellerKeyRoots()),
  };
}
