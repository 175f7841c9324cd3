import { removeSavedPlayer as route } from '@khelaghor/contract/routes/account';
import { db } from '../../db/client';
import { defineHandler } from '../../kit/handler';
import { removeSavedPlayer } from '../../use-cases/players/saved-players';

/** Forget one of the caller's own saved players: 404 when the caller has no such player. */
export const handler = defineHandler(route, async (req) => {
  await removeSavedPlayer(db(), req.caller.userId, {
    productId: req.params.productId,
    uid: req.params.playerUid,
    zone: req.query.zone,
  });
  return { message: 'Player removed' };
});
