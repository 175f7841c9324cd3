import { adminCommerceRoutes } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { indexPage, type OrderItem } from '../../db/commerce-repo';
import { lists } from '../../db/keys';
import { adminOrderView } from '../../use-cases/orders/order-view';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(adminCommerceRoutes.adminListOrders, async (req) => {
  const { status, ...page } = req.query;
  const result = status
    ? await indexPage<OrderItem>(db(), lists.ordersByStatus(status), page)
    : await indexPage<OrderItem>(db(), lists.allOrders(), page);
  return { items: result.items.map(adminOrderView), cursor: result.cursor };
});
