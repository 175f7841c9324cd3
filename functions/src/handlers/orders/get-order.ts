import { getOrder as route } from '@khelaghor/contract/routes/orders';
import { db } from '../../db/client';
import { notFound } from '../../domain/refusals';
import { defineHandler } from '../../kit/handler';
import { orderView } from '../../use-cases/orders/order-view';
import { readOwnOrder } from '../../use-cases/orders/read-own-order';

export const handler = defineHandler(route, async (req) => {
  const own = await readOwnOrder(db(), req.params.id, req.caller.userId);
  if (!own) throw notFound('Order not found');
  return { order: orderView(own.order, own) };
});
