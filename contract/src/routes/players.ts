import type { RouteDef, RouteTable } from '../route-def';
import { LookupPlayerBody, LookupPlayerResponse } from '../schemas/players';

export const lookupPlayer = {
  method: 'POST',
  path: '/api/players/lookup',
  handler: 'players/lookup-player',
  access: 'public',
  summary:
    'Check a game Player UID and return the player name, level and rank (15 lookups a minute per caller)',
  body: LookupPlayerBody,
  response: LookupPlayerResponse,
  partitions: ['RATE#*', 'CONFIG#PLAYERS'],
} satisfies RouteDef;

const sitemap = {
  method: 'GET',
  path: '/api/sitemap.xml',
  handler: 'players/sitemap',
  access: 'public',
  summary: 'sitemap.xml of the home page and the active product pages (XML, not JSON)',
  edgeCacheSeconds: 300,
  partitions: ['CATALOG', 'STOCK#*'],
} satisfies RouteDef;

/** Player name check and the public sitemap (the lookup provider's setting: admin-commerce). */
export const playersRoutes = {
  lookupPlayer,
  sitemap,
} satisfies RouteTable;
