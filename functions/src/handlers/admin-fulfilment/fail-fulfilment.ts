import { adminFailFulfilment as route } from '@khelaghor/contract/routes/admin-fulfilment';
import { clock } from '../../runtime/clock';
import { db } from '../../db/client';
import { failQueued } from '../../use-cases/fulfilment/operator';
import { supplierFor } from '../../use-cases/suppliers/supplier-config';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  const table = db();
  const result = await failQueued(
    { db: table, now: clock, supplier: (name) => supplierFor(table, name) },
    req.params.id,
    req.caller.userId,
    req.body.reason || 'Could not be delivered',
  );
  return { order_id: req.params.id, result, message: 'Order refunded to the wallet' };
});
