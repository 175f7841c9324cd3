import type { PlaceOrderBody } from '@khelaghor/contract/schemas/orders';
import { ulid } from 'ulid';
import type { GatewayClient } from '../../clients/uddoktapay';
import type { Db } from '../../db/client';
import { firstOf, type OrderContext } from '../../db/orders/order-context';
import { keys } from '../../db/keys';
import { takePromoUseWrites } from '../../db/promos/promo-uses';
import { newOrder } from '../../domain/orders/new-order';
import { priceOrder } from '../../domain/orders/price-check';
import { orderAccount } from '../../domain/orders/account-check';
import { applyPromo } from '../../domain/orders/promo-discount';
import type { OrderItem, PaymentItem } from '../../domain/model';
import { fulfilmentOf, publicStock } from '../../domain/fulfilment/variant-fulfilment';
import type { Logger } from '../../runtime/logger';
import type { FulfilmentDeps } from '../fulfilment/send';

/** What placing an order needs, what it answers, and the request as the server sees it. */
export interface OrderDeps {
  db: Db;
  now: () => Date;
  gateway: () => Promise<GatewayClient>;
  /** Origin of the shop (redirect URLs for the gateway). */
  publicUrl: string;
  /**
   * The supplier adapters (issue 31): an order a supplier fulfils is sent right after its commit.
   * Absent: the fulfilment job sends it on its next run.
   */
  supplier?: FulfilmentDeps['supplier'];
  log?: Logger;
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
  /** Placed through the reseller API (wallet only, no promo): priced from the reseller's list. */
  reseller?: ResellerPricing;
}

export interface ResellerPricing {
  /** The key that signed the request (its callbacks are signed with it). */
  keyId: string;
  /** The reseller's price of the drafted order (whose total is the variant's stored price). */
  price: (order: Pick<OrderItem, 'product_id' | 'product_variant_id' | 'total_amount'>) => number;
}

/** A reseller's draft: the reseller's price and the account and key that placed it; others as drafted. */
export function resellerDraft(req: OrderRequest, draft: OrderItem): OrderItem {
  if (!req.reseller) return draft;
  return {
    ...draft,
    total_amount: req.reseller.price(draft),
    reseller_id: req.caller.userId,
    reseller_key_id: req.reseller.keyId,
  };
}

/** The order this request would make from what was read: priced from the table (or refused). */
export function draftOrder(req: OrderRequest, ctx: OrderContext, now: string, id = ulid()): OrderItem {
  // A variant a supplier or an operator fulfils is not limited by its codes (publicStock).
  const variant = ctx.variant && {
    ...ctx.variant,
    stock: publicStock(fulfilmentOf(ctx.variant), ctx.variant.stock),
  };
  const priced = priceOrder({ ...ctx, variant });
  const account = orderAccount(ctx.product ?? {}, req.body);
  return newOrder({
    id,
    buyer: {
      userId: req.caller.userId,
      email: ctx.profile?.email || req.caller.email,
      name: ctx.profile?.full_name || '',
    },
    priced,
    promo: ctx.promo && applyPromo(ctx.promo.promo, promoUse(priced, ctx.promo.customerUses, now)),
    player_uid: account.playerUid,
    player_zone: account.playerZone,
    player_name: req.body.player_name,
    whatsapp_number: req.body.whatsapp_number,
    payment_method: req.body.payment_method,
    now,
  });
}

const promoUse = (priced: ReturnType<typeof priceOrder>, customerUses: number, now: string) => ({
  variantId: priced.variant.id,
  productId: priced.product.id,
  list: priced.total,
  now,
  customerUses,
});

/** The writes that count the order's promo use, in its placing transaction (none without a code). */
export const promoUseWrites = (table: string, order: OrderItem, ctx: OrderContext) =>
  ctx.promo?.promo ? takePromoUseWrites(table, order, ctx.promo.promo) : [];
/** Their refusal means the code changed or its last use went meanwhile: read it again. */
export const PROMO_WRITES = ['promo', 'promo_customer'];

/**
 * Our own twin (a request with the same Idempotency-Key) claimed the last code: the request reads
 * its order and answers with it.
 */
export class TwinWon extends Error {}

/**
 * How a claim of this request learns that its twin (a request with the same Idempotency-Key) won:
 * the key's item is read with the sold-out marks when a shard refuses a ticket, so a buyer who
 * finds every code taken knows whether its twin took it without another call.
 */
export function stockFor(req: OrderRequest) {
  const buyer = { userId: req.caller.userId, idempotencyKey: req.idempotencyKey };
  return {
    readAlong: [keys.idempotency(buyer.userId, 'orders', buyer.idempotencyKey)],
    onRead: (found: Map<string, Record<string, unknown>>, ticket: boolean) => {
      if (!ticket && firstOf(found, buyer)) throw new TwinWon();
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
  variantNameBn: order.variant_name_bn ?? null,
  productNameBn: order.product_name_bn ?? null,
});
