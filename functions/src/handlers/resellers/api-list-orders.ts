import { resellerApiListOrders as route } from '@khelaghor/contract/routes/resellers';
import { db } from '../../db/client';
import { indexPage } from '../../db/list-items';
import type { OrderItem } from '../../db/orders/order-items';
import { lists } from '../../db/keys';
import { defineResellerHandler } from '../../kit/reseller-handler';
import { orderView } from '../../use-cases/orders/order-view';

export const handler = defineResellerHandler(route, async (req) => {
  const page = await indexPage<OrderItem>(db(), lists.userOrders(req.reseller.userId), req.query);
  return { items: page.items.map((o) => orderView(o)), cursor: page.cursor };
});
