import { resellerApiListOrders as route } from '@khelaghor/contract/routes/resellers';
import { db } from '../../db/client';
import { defineResellerHandler } from '../../kit/reseller-handler';
import { listResellerOrders } from '../../use-cases/resellers/list-reseller-orders';

export const handler = defineResellerHandler(route, (req) =>
  listResellerOrders(db(), req.reseller.userId, req.query),
);
