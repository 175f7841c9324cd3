import { ordersRoutes } from '@khelaghor/contract/routes/orders';
import { cancelOrder } from '../../domain/orders/cancel-order';
import { orderView } from '../../domain/orders/order-view';
import { commerceDeps } from '../../domain/payments/deps';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(ordersRoutes.cancelOrder, async (req) => {
  const order = await cancelOrder(commerceDeps(), req.caller.userId, req.params.id);
  return { order: orderView(order) };
});
