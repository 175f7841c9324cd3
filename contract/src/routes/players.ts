import type { RouteDef, RouteTable } from '../route-def';
import {
  LookupPlayerBody,
  LookupPlayerResponse,
  PlayerLookupConfig,
  SavePlayerLookupBody,
  SavePlayerLookupResponse,
} from '../schemas/players';

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

export const sitemap = {
  method: 'GET',
  path: '/api/sitemap.xml',
  handler: 'players/sitemap',
  access: 'public',
  summary: 'sitemap.xml of the home page and the active product pages (XML, not JSON)',
  edgeCacheSeconds: 300,
  partitions: ['CATALOG', 'STOCK#*'],
} satisfies RouteDef;

/** API Setup's player lookup provider (its functions live with the gateway's, in admin-commerce). */
export const adminGetPlayerLookup = {
  method: 'GET',
  path: '/api/admin/player-lookup',
  handler: 'admin-commerce/get-player-lookup',
  access: 'admin',
  summary: "The player lookup provider behind the product page's Verify ('none' when not configured)",
  response: PlayerLookupConfig,
} satisfies RouteDef;

export const adminSavePlayerLookup = {
  method: 'PUT',
  path: '/api/admin/player-lookup',
  handler: 'admin-commerce/save-player-lookup',
  access: 'admin',
  summary: "Choose the player lookup provider ('none': buyers confirm the UID by typing it twice)",
  body: SavePlayerLookupBody,
  response: SavePlayerLookupResponse,
} satisfies RouteDef;

/** Player name check, its provider setting and the public sitemap. */
export const playersRoutes = {
  lookupPlayer,
  sitemap,
  adminGetPlayerLookup,
  adminSavePlayerLookup,
} satisfies RouteTable;
