import { playersRoutes } from '@khelaghor/contract/routes/players';
import { db } from '../../db/client';
import { lookupPlayer } from '../../domain/players/lookup-player';
import { simulatedProvider } from '../../domain/players/player-provider';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(playersRoutes.lookupPlayer, async (req) => {
  const player = await lookupPlayer(
    { db: db(), provider: simulatedProvider, now: () => new Date() },
    {
      playerUid: req.body.player_uid,
      productId: req.body.product_id,
      caller: req.caller ? `user:${req.caller.userId}` : `ip:${req.sourceIp}`,
    },
  );
  return { player };
});
