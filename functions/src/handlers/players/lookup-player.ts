import { lookupPlayer as route } from '@khelaghor/contract/routes/players';
import { db } from '../../db/client';
import { lookupPlayer } from '../../use-cases/players/lookup-player';
import { clock } from '../../runtime/clock';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(route, async (req) => {
  const player = await lookupPlayer(
    { db: db(), now: clock },
    {
      playerUid: req.body.player_uid,
      productId: req.body.product_id,
      zoneId: req.body.zone_id,
      userId: req.caller?.userId,
      sourceIp: req.sourceIp,
    },
  );
  return { player };
});
