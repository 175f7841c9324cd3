import { adminCompleteFulfilment as route } from '@khelaghor/contract/routes/admin-fulfilment';
import { clock } from '../../runtime/clock';
import { db } from '../../db/client';
import { completeQueued } from '../../use-cases/fulfilment/operator';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  const result = await completeQueued(
    { db: db(), now: clock },
    req.params.id,
    req.caller.userId,
    req.body.proof,
  );
  return { order_id: req.params.id, result, message: 'Order completed' };
});
