import * as z from '../zod';
import { digitText } from './digit-text';

/** Schemas of the player lookup (the name check on the product page). */

export const LookupPlayerBody = z.object({
  player_uid: digitText({ error: 'Please enter Player UID' }).check(
    z.trim(),
    z.minLength(1, 'Please enter Player UID'),
    z.maxLength(32, 'Invalid UID'),
    z.regex(/^\d+$/, 'Invalid UID'),
  ),
  /** Which game the UID belongs to (the product id); providers may use it, the simulation does not. */
  product_id: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  /** The zone or server, for games whose supplier check needs it (MooGold's Mobile Legends). */
  zone_id: z.optional(digitText().check(z.trim(), z.maxLength(32))),
});
export type LookupPlayerBody = z.infer<typeof LookupPlayerBody>;

export const PlayerInfo = z.object({
  player_uid: z.string(),
  player_name: z.string(),
  /** What the simulation shows; a supplier's check names the player only (null). */
  level: z.nullable(z.int()),
  rank: z.nullable(z.string()),
  provider: z.string(),
});
export type PlayerInfo = z.infer<typeof PlayerInfo>;

export const LookupPlayerResponse = z.object({ player: PlayerInfo });

/**
 * Where Verify's player names come from (admin API Setup). 'none' (the default with no setting,
 * as on AWS until an admin picks one): no lookup, the buyer types the UID twice and the shop never
 * shows a name; 'simulation': the spec's made-up names, for the local demo; a supplier: its
 * validate call, for the products with a direct top-up by that supplier (issue 31).
 */
export const PLAYER_LOOKUP_PROVIDERS = ['none', 'simulation', 'unipin', 'moogold'] as const;
export const PlayerLookupProvider = z.enum(PLAYER_LOOKUP_PROVIDERS, { error: 'Please choose a provider' });
export type PlayerLookupProvider = z.infer<typeof PlayerLookupProvider>;

export const PlayerLookupConfig = z.object({
  provider: PlayerLookupProvider,
  updated_at: z.nullable(z.string()),
});
export const SavePlayerLookupBody = z.object({ provider: PlayerLookupProvider });
export const SavePlayerLookupResponse = z.object({ config: PlayerLookupConfig, message: z.string() });
