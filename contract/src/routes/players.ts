import type { RouteDef, RouteTable } from '../route-def';
import { LookupPlayerBody, LookupPlayerResponse } from '../schemas/players';

export const lookupPlayer = {
  method: 'POST',
  path: '/api/players/lookup',
  handler: 'players/lookup-player',
  access: 'public',
  summary:
    "Check a game Player UID and return the player name (and, simulated, level and rank) from API Setup's provider: the simulation or a supplier's check, kept 5 minutes (15 lookups a minute per caller)",
  body: LookupPlayerBody,
  response: LookupPlayerResponse,
  // A supplier's check (issue 31) also reads the product's packages and the supplier's settings,
  // keeps its answer (PLAYERCHECK#) and counts the call in the supplier's health.
  partitions: [
    'RATE#*',
    'CONFIG#PLAYERS',
    'CATALOG',
    'STOCK#*',
    'CONFIG#SUPPLIERS',
    'PLAYERCHECK#*',
    'SUPPLIER#*',
    'SUPPLIERALERT#*',
  ],
} satisfies RouteDef;

const sitemap = {
  method: 'GET',
  path: '/api/sitemap.xml',
  handler: 'players/sitemap',
  access: 'public',
  summary: 'sitemap.xml of the home page and the active product pages (XML, not JSON)',
  edgeCacheSeconds: 300,
  partitions: ['CATALOG', 'STOCK#*', 'SITE'],
} satisfies RouteDef;

/** Player name check and the public sitemap (the lookup provider's setting: admin-commerce). */
export const playersRoutes = {
  lookupPlayer,
  sitemap,
} satisfies RouteTable;
