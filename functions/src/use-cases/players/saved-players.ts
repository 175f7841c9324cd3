import { SAVED_PLAYERS_PER_GAME, type SavedPlayer } from '@khelaghor/contract/schemas/account';
import type { Db } from '../../db/client';
import { deleteSavedPlayer, readSavedPlayers } from '../../db/players/saved-players';
import { newestPerGame } from '../../domain/players/saved-players';
import { notFound } from '../../domain/refusals';

/**
 * The buyer's saved players, newest first, at most SAVED_PLAYERS_PER_GAME a game. A read only (its
 * function holds no write right): the order's transaction only adds, and what the list no longer
 * offers expires a year after its last order (the item's TTL), so the account stays bounded.
 */
export async function listSavedPlayers(db: Db, userId: string): Promise<SavedPlayer[]> {
  const { keep } = newestPerGame(await readSavedPlayers(db, userId), SAVED_PLAYERS_PER_GAME);
  return keep.map((p) => ({
    product_id: p.product_id,
    player_uid: p.player_uid,
    player_zone: p.player_zone || null,
    player_name: p.player_name ?? null,
    last_used_at: p.last_used_at,
  }));
}

/** Forget one of the caller's own saved players (the key is built from the caller: never another's). */
export async function removeSavedPlayer(
  db: Db,
  userId: string,
  player: { productId: string; uid: string; zone?: string },
): Promise<void> {
  if (!(await deleteSavedPlayer(db, userId, { ...player, zone: player.zone ?? '' }))) throw notFound();
}
