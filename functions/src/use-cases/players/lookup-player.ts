import type { PlayerInfo, PlayerLookupProvider } from '@khelaghor/contract/schemas/players';
import type { SupplierName } from '@khelaghor/contract/facts';
import type { Db } from '../../db/client';
import { businessRule, notFound } from '../../domain/refusals';
import { playerProvider, type PlayerProvider } from '../../clients/player-provider';
import type { Supplier } from '../../clients/suppliers/supplier';
import { readPlayerLookup } from '../../db/players/lookup-config';
import { queryProduct } from '../../db/catalog/catalog-items';
import { enforceRateLimits, perCallerAndIp, type RateLimit } from '../../db/rate-limit';
import { supplierFor } from '../suppliers/supplier-config';
import { checkPlayerWithSupplier, supplierGameOf } from './supplier-lookup';

/** Per signed-in user, or per IP for a signed-out caller. */
const LOOKUP_LIMIT: RateLimit = { scope: 'player-lookup', limit: 15, windowSeconds: 60 };
/** Per IP for every caller: looser, since many buyers share a carrier NAT address. */
const LOOKUP_IP_LIMIT: RateLimit = { scope: 'player-lookup-ip', limit: 60, windowSeconds: 60 };
export const TOO_MANY_LOOKUPS = 'Too many lookups. Please wait a minute and try again.';

export interface LookupInput {
  playerUid: string;
  productId?: string;
  zoneId?: string;
  /** The signed-in caller, if any. */
  userId?: string;
  sourceIp: string;
}

const NO_LOOKUP = 'Player lookup is not available. Please confirm your Player UID by typing it twice.';

const isSupplier = (name: string): name is SupplierName => name === 'unipin' || name === 'moogold';

/**
 * Verify on the product page. The provider is the one chosen in API Setup (or given by a test);
 * with none the shop has no names to show, and refuses rather than invent one. A supplier checks
 * the player through its validate call for the products it tops up (supplier-lookup.ts).
 */
export async function lookupPlayer(
  deps: { db: Db; provider?: PlayerProvider; supplier?: Supplier; now: () => Date },
  input: LookupInput,
): Promise<PlayerInfo> {
  const chosen: string = deps.provider?.name ?? (await readPlayerLookup(deps.db)).provider;
  const provider =
    deps.provider ?? (isSupplier(chosen) ? undefined : playerProvider(chosen as PlayerLookupProvider));
  if (!provider && !isSupplier(chosen)) throw businessRule(NO_LOOKUP);
  const checks = perCallerAndIp(LOOKUP_LIMIT, LOOKUP_IP_LIMIT, input);
  await enforceRateLimits(deps.db, checks, deps.now(), TOO_MANY_LOOKUPS);
  if (provider) {
    const found = await provider.lookup(input.playerUid, input.productId);
    if (!found) throw notFound('Invalid UID');
    return { ...found, provider: provider.name };
  }
  return lookupWithSupplier(deps, chosen as SupplierName, input);
}

async function lookupWithSupplier(
  deps: { db: Db; supplier?: Supplier; now: () => Date },
  name: SupplierName,
  input: LookupInput,
): Promise<PlayerInfo> {
  const { variants } = input.productId ? await queryProduct(deps.db, input.productId) : { variants: [] };
  const game = supplierGameOf(variants, name);
  const supplier = game && (deps.supplier ?? (await supplierFor(deps.db, name)));
  if (!game || !supplier) throw businessRule(NO_LOOKUP);
  const check = await checkPlayerWithSupplier(
    { db: deps.db, supplier, now: deps.now },
    { game, playerUid: input.playerUid, zone: input.zoneId ?? '' },
  );
  if (check.found === false) throw notFound('Invalid UID');
  if (check.found === 'unavailable') throw businessRule(NO_LOOKUP);
  return { ...check.player, provider: name };
}
