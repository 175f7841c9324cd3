import { listOrders as route } from '@khelaghor/contract/routes/orders';
import { indexPage } from '../../db/list-items';
import type { OrderItem } from '../../db/orders/order-items';
import { db } from '../../db/client';
import { lists } from '../../db/keys';
import { orderView } from '../../use-cases/orders/order-view';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(route, async (req) => {
  const page = await indexPage<OrderItem>(db(), lists.userOrders(req.caller.userId), req.query);
  return { items: page.items.map((o) => orderView(o)), cursor: page.cursor };
});
