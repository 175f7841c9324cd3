import { listSavedPlayers as route } from '@khelaghor/contract/routes/account';
import { db } from '../../db/client';
import { defineHandler } from '../../kit/handler';
import { listSavedPlayers } from '../../use-cases/players/saved-players';

/** The caller's own saved players (the user is the token's, never the request's). */
export const handler = defineHandler(route, async (req) => ({
  players: await listSavedPlayers(db(), req.caller.userId),
}));
