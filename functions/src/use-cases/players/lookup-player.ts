import type { PlayerInfo } from '@khelaghor/contract/schemas/players';
import type { Db } from '../../db/client';
import { businessRule, notFound } from '../../domain/refusals';
import { playerProvider, type PlayerProvider } from '../../clients/player-provider';
import { readPlayerLookup } from '../../db/players/lookup-config';
import { enforceRateLimits, perCallerAndIp, type RateLimit } from '../../db/rate-limit';

/** Per signed-in user, or per IP for a signed-out caller. */
const LOOKUP_LIMIT: RateLimit = { scope: 'player-lookup', limit: 15, windowSeconds: 60 };
/** Per IP for every caller: looser, since many buyers share a carrier NAT address. */
const LOOKUP_IP_LIMIT: RateLimit = { scope: 'player-lookup-ip', limit: 60, windowSeconds: 60 };
export const TOO_MANY_LOOKUPS = 'Too many lookups. Please wait a minute and try again.';

export interface LookupInput {
  playerUid: string;
  productId?: string;
  /** The signed-in caller, if any. */
  userId?: string;
  sourceIp: string;
}

const NO_LOOKUP = 'Player lookup is not available. Please confirm your Player UID by typing it twice.';

/**
 * Verify on the product page. The provider is the one chosen in API Setup (or given by a test);
 * with none the shop has no names to show, and refuses rather than invent one.
 */
export async function lookupPlayer(
  deps: { db: Db; provider?: PlayerProvider; now: () => Date },
  input: LookupInput,
): Promise<PlayerInfo> {
  const provider = deps.provider ?? playerProvider((await readPlayerLookup(deps.db)).provider);
  if (!provider) throw businessRule(NO_LOOKUP);
  const checks = perCallerAndIp(LOOKUP_LIMIT, LOOKUP_IP_LIMIT, input);
  await enforceRateLimits(deps.db, checks, deps.now(), TOO_MANY_LOOKUPS);
  const found = await provider.lookup(input.playerUid, input.productId);
  if (!found) throw notFound('Invalid UID');
  return { ...found, provider: provider.name };
}
