import type { Order } from '@khelaghor/contract/schemas/orders';
import type { ResellerOrderBody } from '@khelaghor/contract/schemas/reseller';
import { getReseller } from '../../db/resellers/reseller-item';
import { badRequest, Refusal } from '../../domain/refusals';
import { resellerPrice } from '../../domain/resellers/reseller-price';
import { orderView } from '../orders/order-view';
import { placeOrder, type OrderDeps } from '../orders/place-order';
import { readOwnOrder } from '../orders/read-own-order';

/**
 * POST /api/reseller/v1/orders: the customer order flow (placeOrder) with the wallet, at the
 * reseller's price from their list (read here, never from the request), marked with the account
 * and the key. The answer carries the code, read back through the one ownership rule.
 */
export async function placeResellerOrder(
  deps: OrderDeps,
  caller: { userId: string; email: string; keyId: string },
  body: ResellerOrderBody,
  idempotencyKey: string,
): Promise<{ order: Order; balance: number | null }> {
  if (body.promo_code !== undefined && body.promo_code !== null && body.promo_code !== '')
    throw badRequest('Promo codes cannot be used through the reseller API');
  const reseller = await getReseller(deps.db, caller.userId);
  // The kit checked the account a moment ago; an admin may have stopped it since.
  if (!reseller?.is_active) throw new Refusal('unauthorized', 'Invalid signature');
  const placed = await placeOrder(
    deps,
    { userId: caller.userId, email: caller.email },
    {
      variant_id: body.variant_id,
      player_uid: body.player_uid ?? null,
      player_zone: body.player_zone ?? null,
      player_name: body.player_name ?? null,
      whatsapp_number: null,
      payment_method: 'wallet',
      promo_code: undefined,
    },
    idempotencyKey,
    {
      keyId: caller.keyId,
      price: (o) =>
        resellerPrice(reseller, { id: o.product_variant_id, price: o.total_amount }, o.product_id),
    },
  );
  const own = await readOwnOrder(deps.db, placed.order.id, caller.userId);
  return { order: orderView(placed.order, { code: own?.code ?? null }), balance: placed.balance };
}
