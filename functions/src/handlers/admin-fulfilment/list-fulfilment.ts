import { adminListFulfilment as route } from '@khelaghor/contract/routes/admin-fulfilment';
import { db } from '../../db/client';
import { fulfilmentQueue } from '../../use-cases/fulfilment/queue-view';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  items: await fulfilmentQueue(db(), req.caller.userId),
}));
