import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PlaceOrderBody } from '@khelaghor/contract/schemas/orders';
import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import { getOrder, getPayment, type OrderItem, type PaymentItem } from '../../db/commerce-repo';
import { keys } from '../../db/keys';
import { notFound, outOfStock } from '../../kit/errors';
import { claimCode, ExtraItemFailed } from '../stock/claim-code';
import type { TransactItem } from '../stock/code-item';
import type { GatewayClient } from '../gateway/uddoktapay-client';
import { balanceItems, insufficientBalance, readBalance } from '../wallet/balance';
import { readOrderContext } from './order-context';
import { putOrderItem, putPaymentItem } from './order-items';
import { startOrderCharge } from '../payments/start-charge';

export const HOLD_MINUTES = 30;

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

const IDEMPOTENCY_DAYS = 7;

function idempotencyItem(
  table: string,
  userId: string,
  key: string,
  orderId: string,
  now: Date,
): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: {
        ...keys.idempotency(userId, 'orders', key),
        type: 'idempotency',
        order_id: orderId,
        created_at: now.toISOString(),
        ttl: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_DAYS * 86400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * POST /api/orders. Price, total and user come from the table and the token. A retried request
 * (same Idempotency-Key) returns the first order: the idempotency item is written in the same
 * transaction as the order, so at most one order exists per key.
 */
export async function placeOrder(
  deps: OrderDeps,
  caller: { userId: string; email: string },
  body: PlaceOrderBody,
  idempotencyKey: string,
): Promise<PlacedOrder> {
  const { db } = deps;
  const { firstOrderId, variant, product, profile } = await readOrderContext(
    db,
    caller.userId,
    body.variant_id,
    idempotencyKey,
  );
  if (firstOrderId) return replayOrder(deps, caller, firstOrderId);
  if (!variant || !product || !variant.is_active || !product.is_active) throw notFound('Product not found');
  if (!(variant.stock > 0)) throw outOfStock();

  const now = deps.now();
  const nowIso = now.toISOString();
  const orderId = ulid();
  const price = variant.price;
  const base: OrderItem = {
    type: 'order',
    id: orderId,
    user_id: caller.userId,
    user_email: profile?.email || caller.email,
    user_name: profile?.full_name || '',
    product_id: product.id,
    product_variant_id: variant.id,
    product_name: product.name,
    variant_name: variant.name,
    player_uid: body.player_uid,
    player_name: body.player_name || null,
    whatsapp_number: body.whatsapp_number || null,
    quantity: 1,
    total_amount: price,
    status: 'pending',
    payment_method: body.payment_method,
    created_at: nowIso,
    updated_at: nowIso,
  };
  const claimBase = {
    variantId: variant.id,
    productId: product.id,
    orderId,
    userId: caller.userId,
    now: nowIso,
    variantName: variant.name,
    productName: product.name,
  };

  if (body.payment_method === 'wallet') {
    for (let attempt = 0; attempt < 8; attempt++) {
      const balance = attempt === 0 ? profile?.balance : await readBalance(db, caller.userId);
      if (balance === undefined || balance < price) throw insufficientBalance();
      let balanceAfter = balance;
      let order = base;
      try {
        // Items: 0 profile, 1 ledger, 2 order, 3 idempotency (indexes into extraItems).
        await claimCode(db, {
          ...claimBase,
          mode: 'deliver',
          extraItems: (code) => {
            const change = balanceItems(db.table, balance, {
              userId: caller.userId,
              delta: -price,
              reason: 'order',
              reference: orderId,
              now: nowIso,
            });
            balanceAfter = change.balanceAfter;
            order = { ...base, status: 'completed', code_id: code.id, paid_at: nowIso };
            return [
              ...change.items,
              putOrderItem(db.table, order),
              idempotencyItem(db.table, caller.userId, idempotencyKey, orderId, now),
            ];
          },
        });
        return { order, paymentUrl: null, balance: balanceAfter };
      } catch (error) {
        if (!(error instanceof ExtraItemFailed)) throw error;
        if (error.index === 3) return (await replay(deps, caller, idempotencyKey))!;
        if (error.index !== 0) throw error;
        // The balance moved since we read it: read again (and refuse if it no longer covers the price).
      }
    }
    throw insufficientBalance();
  }

  const paymentId = ulid();
  const holdUntil = new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const payment: PaymentItem = {
    type: 'payment',
    id: paymentId,
    kind: 'order',
    order_id: orderId,
    user_id: caller.userId,
    user_email: base.user_email,
    amount: price,
    payment_method: body.payment_method,
    payment_provider: 'uddoktapay',
    status: 'pending',
    hold_until: holdUntil,
    created_at: nowIso,
    updated_at: nowIso,
  };
  let order: OrderItem = base;
  try {
    await claimCode(db, {
      ...claimBase,
      mode: 'reserve',
      holdUntil,
      extraItems: (code) => {
        order = { ...base, code_id: code.id, payment_id: paymentId };
        return [
          putOrderItem(db.table, order),
          putPaymentItem(db.table, payment),
          idempotencyItem(db.table, caller.userId, idempotencyKey, orderId, now),
        ];
      },
    });
  } catch (error) {
    if (error instanceof ExtraItemFailed && error.index === 2)
      return (await replay(deps, caller, idempotencyKey))!;
    throw error;
  }
  return startOrderCharge(deps, order, payment);
}

/** The first result of an Idempotency-Key, or undefined when the key is new. */
async function replay(
  deps: OrderDeps,
  caller: { userId: string },
  key: string,
): Promise<PlacedOrder | undefined> {
  const res = await deps.db.doc.send(
    new GetCommand({
      TableName: deps.db.table,
      Key: keys.idempotency(caller.userId, 'orders', key),
      ConsistentRead: true,
    }),
  );
  const orderId = res.Item?.order_id as string | undefined;
  return orderId ? replayOrder(deps, caller, orderId) : undefined;
}

async function replayOrder(
  deps: OrderDeps,
  caller: { userId: string },
  orderId: string,
): Promise<PlacedOrder> {
  const order = await getOrder(deps.db, orderId);
  if (!order || order.user_id !== caller.userId) throw notFound('Order not found');
  if (order.payment_method === 'wallet') {
    return { order, paymentUrl: null, balance: (await readBalance(deps.db, caller.userId)) ?? 0 };
  }
  const payment = order.payment_id ? await getPayment(deps.db, order.payment_id) : undefined;
  if (payment && payment.status === 'pending' && order.status === 'pending' && !payment.payment_url) {
    // The first request stopped between the reservation and storing the gateway's URL, so the
    // buyer never saw a URL and cannot have paid: ask the gateway again for this payment.
    return startOrderCharge(deps, order, payment);
  }
  return { order, payment, paymentUrl: payment?.payment_url ?? null, balance: null };
}
