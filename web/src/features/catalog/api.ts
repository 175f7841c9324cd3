import { queryOptions } from '@tanstack/react-query';
import type { RouteResponse } from '@khelaghor/contract/route-def';
import type { Routes } from '@khelaghor/contract/routes/index';
import { call } from '../../shared/api/client';
import { queryKey } from '../../shared/api/query-keys';

/** The catalogue's routes: the product list, one product, the Player UID check. */

/** A product of the catalogue as GET /api/products/{id} answers it. */
export type Product = RouteResponse<Routes['getProduct']>['product'];
/** The player a UID belongs to (POST /api/players/lookup). */
export type Player = RouteResponse<Routes['lookupPlayer']>['player'];

/** GET /api/catalog (the home page; preloaded by index.html, awaited by main.tsx on /). */
export const catalogQuery = queryOptions({
  queryKey: queryKey('getCatalog'),
  queryFn: () => call('getCatalog'),
});

/** GET /api/products/{id}. */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: queryKey('getProduct', id),
    queryFn: () => call('getProduct', { params: { id } }),
  });

/** POST /api/players/lookup: who a Player UID (and zone) belongs to, for this product's game. */
export const lookupPlayer = (playerUid: string, productId: string, zoneId?: string) =>
  call('lookupPlayer', {
    body: { player_uid: playerUid, product_id: productId, ...(zoneId && { zone_id: zoneId }) },
  });
