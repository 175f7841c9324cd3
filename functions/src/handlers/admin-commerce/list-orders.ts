import { adminListOrders as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { shardedPage } from '../../db/list-items';
import type { OrderItem } from '../../db/orders/order-items';
import { shardedLists } from '../../db/keys';
import { adminOrderView } from '../../use-cases/orders/order-view';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async (req) => {
  const { status, ...page } = req.query;
  const list = status ? shardedLists.ordersByStatus(status) : shardedLists.allOrders();
  const result = await shardedPage<OrderItem>(db(), list, page);
  return { items: result.items.map(adminOrderView), cursor: result.cursor };
});
