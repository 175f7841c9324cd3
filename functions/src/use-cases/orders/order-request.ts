import type { PlaceOrderBody } from '@khelaghor/contract/schemas/orders';
import { ulid } from 'ulid';
import type { GatewayClient } from '../../clients/uddoktapay';
import type { Db } from '../../db/client';
import { recountStock, type OrderContext } from '../../db/orders/order-context';
import { newOrder } from '../../domain/orders/new-order';
import { priceOrder } from '../../domain/orders/price-check';
import type { OrderItem, PaymentItem } from '../../domain/model';

/** What placing an order needs, what it answers, and the request as the server sees it. */
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

/** The order this request would make from what was read: priced from the table (or refused). */
export function draftOrder(req: OrderRequest, ctx: OrderContext, now: string): OrderItem {
  return newOrder({
    id: ulid(),
    buyer: {
      userId: req.caller.userId,
      email: ctx.profile?.email || req.caller.email,
      name: ctx.profile?.full_name || '',
    },
    priced: priceOrder(ctx),
    player_uid: req.body.player_uid,
    player_name: req.body.player_name,
    whatsapp_number: req.body.whatsapp_number,
    payment_method: req.body.payment_method,
    now,
  });
}

/**
 * Our own twin (a request with the same Idempotency-Key) claimed the last code: the request reads
 * its order and answers with it.
 */
export class TwinWon extends Error {}

/**
 * The stock a claim starts from (the shards of the context read) and how it counts again: with
 * the key's first order in the same read, so a buyer who finds every code taken knows whether its
 * twin took it without another call.
 */
export function stockFor(db: Db, req: OrderRequest, ctx: OrderContext) {
  return {
    shards: ctx.shards,
    recount: async () => {
      const again = await recountStock(db, {
        userId: req.caller.userId,
        variantId: req.body.variant_id,
        shards: ctx.shards.length,
        idempotencyKey: req.idempotencyKey,
      });
      if (again.first) throw new TwinWon();
      return again.shards;
    },
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
