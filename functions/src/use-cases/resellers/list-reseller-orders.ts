import type { Order } from '@khelaghor/contract/schemas/orders';
import { batchGetItems, itemKey } from '../../db/batch-get';
import type { Db } from '../../db/client';
import { lists, keys } from '../../db/keys';
import { indexPage } from '../../db/list-items';
import type { OrderItem } from '../../db/orders/order-items';
import type { CodeItem } from '../../db/stock/code-item';
import { orderView } from '../orders/order-view';

/**
 * A page of the reseller's orders, each with its code exactly as the single-order answer gives it
 * (read-own-order.ts): a completed order's code when it was delivered to this account, else null.
 * One BatchGet for the page's codes, so a list of 100 orders is one extra round trip, not 100.
 */
export async function listResellerOrders(
  db: Db,
  userId: string,
  page: { cursor?: string; limit: number },
): Promise<{ items: Order[]; cursor: string | null }> {
  const found = await indexPage<OrderItem>(db, lists.userOrders(userId), page);
  const delivered = found.items.filter((o) => o.status === 'completed' && o.code_id);
  const codes = await batchGetItems(
    db,
    delivered.map((o) => keys.code(o.product_variant_id, o.code_id!)),
  );
  const codeOf = (o: OrderItem): string | null => {
    if (o.status !== 'completed' || !o.code_id) return null;
    const item = codes.get(itemKey(keys.code(o.product_variant_id, o.code_id))) as CodeItem | undefined;
    return item && item.order_id === o.id && item.user_id === userId ? item.code : null;
  };
  return { items: found.items.map((o) => orderView(o, { code: codeOf(o) })), cursor: found.cursor };
}
