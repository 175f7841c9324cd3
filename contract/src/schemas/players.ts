import * as z from 'zod';

/** Schemas of the player lookup (the name check on the product page). */

export const LookupPlayerBody = z.object({
  player_uid: z
    .string({ error: 'Please enter Player UID' })
    .trim()
    .min(1, 'Please enter Player UID')
    .max(32, 'Invalid UID')
    .regex(/^\d+$/, 'Invalid UID'),
  /** Which game the UID belongs to (the product id); providers may use it, the simulation does not. */
  product_id: z.string().trim().max(64).optional(),
});
export type LookupPlayerBody = z.infer<typeof LookupPlayerBody>;

export const PlayerInfo = z.object({
  player_uid: z.string(),
  player_name: z.string(),
  level: z.number().int(),
  rank: z.string(),
  provider: z.string(),
});
export type PlayerInfo = z.infer<typeof PlayerInfo>;

export const LookupPlayerResponse = z.object({ player: PlayerInfo });
