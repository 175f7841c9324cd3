import type { OrderItem } from '../model';

/**
 * Regular buyers (DESIGN 12): the Player UIDs a buyer completed orders for are remembered per game
 * and offered first. These are the decisions; db/players/saved-players.ts stores them.
 */

/** A saved player as stored: `player_zone` is '' for a game without zones. */
export interface SavedPlayerRecord {
  product_id: string;
  player_uid: string;
  player_zone: string;
  player_name?: string | null;
  last_used_at: string;
}

/** The player a completed order makes worth remembering, or none. */
export function playerToSave(
  order: Partial<
    Pick<OrderItem, 'product_id' | 'player_uid' | 'player_zone' | 'player_name' | 'reseller_id'>
  >,
): { productId: string; uid: string; zone: string; name: string | null } | undefined {
  // Gift cards ask for no account; a reseller's API orders are for their own customers' players.
  if (!order.product_id || !order.player_uid || order.reseller_id) return undefined;
  return {
    productId: order.product_id,
    uid: order.player_uid,
    zone: order.player_zone ?? '',
    name: order.player_name?.trim() || null,
  };
}

/**
 * The players to offer, newest first, at most `perGame` of each game; `forget` holds the older
 * ones beyond that, which the list no longer offers.
 */
export function newestPerGame<T extends Pick<SavedPlayerRecord, 'product_id' | 'last_used_at'>>(
  players: readonly T[],
  perGame: number,
): { keep: T[]; forget: T[] } {
  const sorted = [...players].sort((a, b) =>
    a.last_used_at < b.last_used_at ? 1 : a.last_used_at > b.last_used_at ? -1 : 0,
  );
  const seen = new Map<string, number>();
  const keep: T[] = [];
  const forget: T[] = [];
  for (const p of sorted) {
    const n = seen.get(p.product_id) ?? 0;
    seen.set(p.product_id, n + 1);
    (n < perGame ? keep : forget).push(p);
  }
  return { keep, forget };
}
