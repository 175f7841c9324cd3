import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { getOrder, type PaymentItem } from '../../db/commerce-repo';
import { keys } from '../../db/keys';
import { isConditionFailure } from '../../db/transact';
import { ulid } from 'ulid';
import { chargeLock, startOrderCharge } from '../payments/start-charge';
import { firstCheckAt, holdUntil } from '../../domain/payments/payment-window';
import { claimCode, ExtraItemFailed } from '../../db/stock/claim-code';
import { idempotencyItem } from '../../db/orders/idempotency';
import type { OrderContext } from '../../db/orders/order-context';
import { putOrderItem, putPaymentItem } from '../../db/orders/order-items';
import { claimFor, newOrder, type OrderDeps, type OrderRequest, type PlacedOrder } from './new-order';
import { freeSlot, takeSlotItem } from './unpaid-slots';

/**
 * bKash / Nagad / Rocket: one transaction holds a code for the payment window and writes the
 * order `pending`, its payment `pending` (with the charge lock, so only this request creates the
 * gateway invoice), the idempotency key and one of the buyer's unpaid-order slots; then the
 * gateway's checkout is created. Undefined when another request of the key (or another order
 * taking the same slot) committed first: the caller reads again.
 */
export async function reserveGatewayOrder(
  deps: OrderDeps,
  req: OrderRequest,
  ctx: OrderContext,
): Promise<PlacedOrder | undefined> {
  const { db } = deps;
  const now = deps.now();
  const nowIso = now.toISOString();
  if (ctx.slots.every(Boolean) && (await freeStaleSlots(deps, req.caller.userId, ctx.slots)))
    return undefined;
  const slot = freeSlot(ctx.slots, now);
  const base = { ...newOrder(req, ctx as Required<OrderContext>, nowIso), unpaid_slot: slot };
  const until = holdUntil(now);
  const payment: PaymentItem = {
    type: 'payment',
    id: ulid(),
    kind: 'order',
    order_id: base.id,
    user_id: base.user_id,
    user_email: base.user_email,
    amount: base.total_amount,
    payment_method: base.payment_method,
    payment_provider: 'uddoktapay',
    status: 'pending',
    hold_until: until,
    next_check_at: firstCheckAt(now),
    ...chargeLock(req.requestId, now),
    created_at: nowIso,
    updated_at: nowIso,
  };
  let order = base;
  try {
    // Items after the code and the counter: 0 order, 1 payment, 2 idempotency, 3 slot.
    await claimCode(db, {
      ...claimFor(base),
      mode: 'reserve',
      holdUntil: until,
      extraItems: (code) => {
        order = { ...base, code_id: code.id, payment_id: payment.id };
        return [
          putOrderItem(db.table, order),
          putPaymentItem(db.table, payment),
          idempotencyItem(db.table, {
            userId: base.user_id,
            key: req.idempotencyKey,
            orderId: base.id,
            fingerprint: req.fingerprint,
            now,
          }),
          takeSlotItem(db.table, base.user_id, slot, base.id, until, nowIso),
        ];
      },
    });
  } catch (error) {
    if (error instanceof ExtraItemFailed && (error.index === 2 || error.index === 3)) return undefined;
    throw error;
  }
  return startOrderCharge(deps, order, payment);
}

/**
 * Both slots taken: make sure each still belongs to an unpaid order. A slot whose order has left
 * `pending` (it should have been freed in that order's transaction; this mends data changed by
 * hand) is deleted so the buyer is not blocked by it. True when one was freed.
 */
async function freeStaleSlots(
  deps: OrderDeps,
  userId: string,
  slots: OrderContext['slots'],
): Promise<boolean> {
  let freed = false;
  for (const [n, slot] of slots.entries()) {
    const order = slot ? await getOrder(deps.db, slot.order_id) : undefined;
    if (!slot || order?.status === 'pending') continue;
    await deps.db.doc
      .send(
        new DeleteCommand({
          TableName: deps.db.table,
          Key: keys.unpaidSlot(userId, n),
          ConditionExpression: 'order_id = :order',
          ExpressionAttributeValues: { ':order': slot.order_id },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
    freed = true;
  }
  return freed;
}
