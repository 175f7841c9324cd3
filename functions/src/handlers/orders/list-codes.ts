import { listCodes as route } from '@khelaghor/contract/routes/orders';
import { db } from '../../db/client';
import { indexPage } from '../../db/list-items';
import { lists } from '../../db/keys';
import type { CodeItem } from '../../db/stock/code-item';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(route, async (req) => {
  const page = await indexPage<CodeItem>(db(), lists.userCodes(req.caller.userId), req.query);
  return {
    items: page.items.map((c) => ({
      id: c.id,
      code: c.code,
      status: c.status,
      order_id: c.order_id ?? null,
      product_id: c.product_id ?? null,
      product_variant_id: c.variant_id,
      product_name: c.product_name ?? null,
      variant_name: c.variant_name ?? null,
      product_name_bn: c.product_name_bn ?? null,
      variant_name_bn: c.variant_name_bn ?? null,
      created_at: c.created_at,
      delivered_at: c.delivered_at ?? null,
    })),
    cursor: page.cursor,
  };
});
