import { ordersRoutes } from '@khelaghor/contract/routes/orders';
import { db } from '../../db/client';
import { getCode, getOrder, getPayment } from '../../db/commerce-repo';
import { orderView } from '../../use-cases/orders/order-view';
import { notFound } from '../../domain/refusals';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(ordersRoutes.getOrder, async (req) => {
  const database = db();
  const order = await getOrder(database, req.params.id);
  // Another user's order answers exactly like a missing one.
  if (!order || order.user_id !== req.caller.userId) throw notFound('Order not found');
  const payment = order.payment_id ? await getPayment(database, order.payment_id) : undefined;
  let code: string | null = null;
  if (order.status === 'completed' && order.code_id) {
    const item = await getCode(database, order.product_variant_id, order.code_id);
    if (item && item.order_id === order.id && item.user_id === req.caller.userId) code = item.code;
  }
  return { order: orderView(order, { payment, code }) };
});
