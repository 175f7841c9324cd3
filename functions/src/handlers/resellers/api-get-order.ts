import { resellerApiGetOrder as route } from '@khelaghor/contract/routes/resellers';
import { db } from '../../db/client';
import { notFound } from '../../domain/refusals';
import { defineResellerHandler } from '../../kit/reseller-handler';
import { orderView } from '../../use-cases/orders/order-view';
import { readOwnOrder } from '../../use-cases/orders/read-own-order';

export const handler = defineResellerHandler(route, async (req) => {
  // An order belongs to the key's user: another reseller's or customer's is 404, like a missing one.
  const own = await readOwnOrder(db(), req.params.id, req.reseller.userId);
  if (!own) throw notFound('Order not found');
  return { order: orderView(own.order, own) };
});
