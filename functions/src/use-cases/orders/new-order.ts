import type { PlaceOrderBody } from '@khelaghor/contract/schemas/orders';
import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import type { OrderItem, PaymentItem } from '../../db/commerce-repo';
import type { GatewayClient } from '../../clients/uddoktapay';
import type { OrderContext } from '../../db/orders/order-context';

export interface OrderDeps {
  db: Db;
  now: () => Date;
  gateway: () => Promise<GatewayClient>;
  /** Origin of the shop (redirect URLs for the gateway). */
  publicUrl: string;
}

export interface PlacedOrder {
  order: OrderItem;
  payment?: PaymentItem;
  paymentUrl: string | null;
  balance: number | null;
}

export interface OrderRequest {
  caller: { userId: string; email: string };
  body: PlaceOrderBody;
  idempotencyKey: string;
  fingerprint: string;
  /** Identifies this request (the charge lock's owner). */
  requestId: string;
}

/** The order's base item (status pending); price and names from the table. */
export function newOrder(
  req: OrderRequest,
  ctx: Required<Pick<OrderContext, 'variant' | 'product'>> & OrderContext,
  now: string,
): OrderItem {
  const { variant, product, profile } = ctx;
  return {
    type: 'order',
    id: ulid(),
    user_id: req.caller.userId,
    user_email: profile?.email || req.caller.email,
    user_name: profile?.full_name || '',
    product_id: product.id,
    product_variant_id: variant.id,
    product_name: product.name,
    variant_name: variant.name,
    player_uid: req.body.player_uid,
    player_name: req.body.player_name || null,
    whatsapp_number: req.body.whatsapp_number || null,
    quantity: 1,
    total_amount: variant.price,
    status: 'pending',
    payment_method: req.body.payment_method,
    created_at: now,
    updated_at: now,
  };
}

/** What a code claim needs to know about the order it is for. */
export const claimFor = (order: OrderItem) => ({
  variantId: order.product_variant_id,
  productId: order.product_id,
  orderId: order.id,
  userId: order.user_id,
  now: order.created_at,
  variantName: order.variant_name,
  productName: order.product_name,
});
