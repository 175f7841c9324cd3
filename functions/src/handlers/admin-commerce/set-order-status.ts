import { adminCommerceRoutes } from '@khelaghor/contract/routes/admin-commerce';
import { adminOrderView } from '../../domain/orders/order-view';
import { setOrderStatus } from '../../domain/orders/set-order-status';
import { commerceDeps } from '../../domain/payments/deps';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCommerceRoutes.adminSetOrderStatus, async (req) => {
  const order = await setOrderStatus(commerceDeps(), req.params.id, req.body.status);
  req.log.info('order status set', { order: order.id, status: order.status, admin: req.caller.userId });
  return { order: adminOrderView(order) };
});
