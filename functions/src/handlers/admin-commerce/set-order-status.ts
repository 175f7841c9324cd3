import { adminSetOrderStatus as route } from '@khelaghor/contract/routes/admin-commerce';
import { adminOrderView } from '../../use-cases/orders/order-view';
import { setOrderStatus } from '../../use-cases/orders/set-order-status';
import { tableDeps } from '../../use-cases/payments/deps';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  const order = await setOrderStatus(tableDeps(), req.params.id, req.body.status, req.caller.userId);
  req.log.info('order status set', { order: order.id, status: order.status, admin: req.caller.userId });
  return { order: adminOrderView(order) };
});
