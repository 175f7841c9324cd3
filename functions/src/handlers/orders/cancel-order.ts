import { cancelOrder as route } from '@khelaghor/contract/routes/orders';
import { cancelOrder } from '../../use-cases/orders/cancel-order';
import { orderView } from '../../use-cases/orders/order-view';
import { commerceDeps } from '../../use-cases/payments/deps';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(route, async (req) => {
  const order = await cancelOrder(commerceDeps(), req.caller.userId, req.params.id);
  return { order: orderView(order) };
});
