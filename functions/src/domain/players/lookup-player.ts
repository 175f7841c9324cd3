import type { PlayerInfo } from '@khelaghor/contract/schemas/players';
import type { Db } from '../../db/client';
import { notFound, tooManyRequests } from '../../kit/errors';
import type { PlayerProvider } from './player-provider';
import { takeToken, type RateLimit } from './rate-limit';

export const LOOKUP_LIMIT: RateLimit = { scope: 'player-lookup', limit: 15, windowSeconds: 60 };
export const TOO_MANY_LOOKUPS = 'Too many lookups. Please wait a minute and try again.';

export interface LookupInput {
  playerUid: string;
  productId?: string;
  /** 'user:<sub>' when signed in, else 'ip:<source ip>'. */
  caller: string;
}

export async function lookupPlayer(
  deps: { db: Db; provider: PlayerProvider; now: () => Date },
  input: LookupInput,
): Promise<PlayerInfo> {
  if (!(await takeToken(deps.db, LOOKUP_LIMIT, input.caller, deps.now()))) throw tooManyRequests(TOO_MANY_LOOKUPS, LOOKUP_LIMIT.windowSeconds);
  const found = await deps.provider.lookup(input.playerUid, input.productId);
  if (!found) throw notFound('Invalid UID');
  return { ...found, provider: deps.provider.name };
}
