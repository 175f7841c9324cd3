import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedPlayer } from '@khelaghor/contract/schemas/account';
import { useAuth } from '../auth/auth';
import { call } from './client';
import { invalidateRoutes, queryKey } from './query-keys';

export type { SavedPlayer };

/**
 * The signed-in buyer's saved players (GET /api/me/players: newest first, at most 5 a game), read
 * by the product page (offered first) and My Profile (removable). Keyed by the user, so another
 * account signed in on this tab never sees them; disabled when signed out.
 */
export function useSavedPlayers() {
  const { user } = useAuth();
  return useQuery({
    queryKey: queryKey('listSavedPlayers', user?.userId),
    queryFn: () => call('listSavedPlayers'),
    enabled: Boolean(user),
    select: (data) => data.players,
  });
}

/** Forget one saved player (DELETE /api/me/players/{productId}/{playerUid}), then read the list again. */
export function useRemoveSavedPlayer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: Pick<SavedPlayer, 'product_id' | 'player_uid' | 'player_zone'>) =>
      call('removeSavedPlayer', {
        params: { productId: p.product_id, playerUid: p.player_uid },
        query: { zone: p.player_zone ?? undefined },
      }),
    onSettled: () => invalidateRoutes(client, 'listSavedPlayers'),
  });
}

/**
 * 'Buy again': the product page with the same package and player filled in (URL parameters, so a
 * reload or a shared link keeps them). Without a UID the page offers the game's newest saved player.
 */
export function buyAgainPath(order: {
  product_id: string;
  product_variant_id: string;
  player_uid?: string | null;
  player_zone?: string | null;
}): string {
  const q = new URLSearchParams({ variant: order.product_variant_id });
  if (order.player_uid) q.set('uid', order.player_uid);
  if (order.player_zone) q.set('zone', order.player_zone);
  return `/product/${encodeURIComponent(order.product_id)}?${q.toString()}`;
}
