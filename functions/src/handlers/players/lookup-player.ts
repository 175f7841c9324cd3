import { playersRoutes } from '@khelaghor/contract/routes/players';
import { db } from '../../db/client';
import { lookupPlayer } from '../../domain/players/lookup-player';
import { simulatedProvider } from '../../domain/players/player-provider';
import { clock } from '../../kit/clock';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(playersRoutes.lookupPlayer, async (req) => {
  const player = await lookupPlayer(
    { db: db(), provider: simulatedProvider, now: clock },
    {
      playerUid: req.body.player_uid,
      productId: req.body.product_id,
      userId: req.caller?.userId,
      sourceIp: req.sourceIp,
    },
  );
  return { player };
});
