import { adminClaimFulfilment as route } from '@khelaghor/contract/routes/admin-fulfilment';
import { clock } from '../../runtime/clock';
import { db } from '../../db/client';
import { claimQueued } from '../../use-cases/fulfilment/operator';
import { supplierOrderView } from '../../use-cases/fulfilment/queue-view';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  const record = await claimQueued({ db: db(), now: clock }, req.params.id, req.caller.userId);
  return { item: supplierOrderView(record), message: 'Claimed: this order is yours to do' };
});
