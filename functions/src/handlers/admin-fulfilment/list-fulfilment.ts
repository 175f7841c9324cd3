import { adminListFulfilment as route } from '@khelaghor/contract/routes/admin-fulfilment';
import { db } from '../../db/client';
import { fulfilmentQueue } from '../../use-cases/fulfilment/queue-view';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async (req) => ({
  items: await fulfilmentQueue(db(), req.caller.userId),
}));
