import type { RouteTable } from '../route-def';
import { LookupPlayerBody, LookupPlayerResponse } from '../schemas/players';

/** Player name check and the public sitemap (storefront area). */
export const playersRoutes = {
  lookupPlayer: {
    method: 'POST',
    path: '/api/players/lookup',
    handler: 'players/lookup-player',
    access: 'public',
    summary:
      'Check a game Player UID and return the player name, level and rank (15 lookups a minute per caller)',
    body: LookupPlayerBody,
    response: LookupPlayerResponse,
    partitions: ['RATE#*'],
  },
  sitemap: {
    method: 'GET',
    path: '/api/sitemap.xml',
    handler: 'players/sitemap',
    access: 'public',
    summary: 'sitemap.xml of the home page and the active product pages (XML, not JSON)',
    edgeCacheSeconds: 300,
    partitions: ['CATALOG'],
  },
} satisfies RouteTable;
