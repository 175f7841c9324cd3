import { ulid } from 'ulid';
import type { Db } from '../../db/client';

import { idempotencyWrite } from '../../db/orders/idempotency';
import type { OrderContext } from '../../db/orders/order-context';
import { putOrderWrite, getOrder } from '../../db/orders/order-items';
import { deleteSlotOf, takeSlotWrite } from '../../db/orders/unpaid-slots';
import { claimCode } from '../../db/stock/claim-code';
import { transact, WriteRefused } from '../../db/transact';
import type { StoredFulfilment } from '../../domain/fulfilment/variant-fulfilment';
import type { OrderItem, PaymentItem } from '../../domain/model';
import { freeSlot } from '../../domain/orders/unpaid-slots';
import { firstCheckAt, holdUntil } from '../../domain/payments/payment-window';
import { chargeLock, startOrderCharge } from '../payments/start-charge';
import {
  claimFor,
  PROMO_WRITES,
  promoUseWrites,
  stockFor,
  type OrderDeps,
  type OrderRequest,
  type PlacedOrder,
} from './order-request';
import { putPaymentWrite } from '../../db/payments/payment-items';

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
  draft: OrderItem,
  /** Fulfilled by a supplier or an operator (issue 31): no code is held, the order carries the setting. */
  fulfilment?: StoredFulfilment,
): Promise<PlacedOrder | undefined> {
  const { db } = deps;
  const now = new Date(draft.created_at);
  const nowIso = draft.created_at;
  if (ctx.slots.every(Boolean) && (await freeStaleSlots(db, req.caller.userId, ctx.slots))) return undefined;
  const slot = freeSlot(ctx.slots, now);
  const base = { ...draft, unpaid_slot: slot };
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
  let order: OrderItem = base;
  const writes = (held: OrderItem) => {
    order = held;
    return [
      putOrderWrite(db.table, order),
      putPaymentWrite(db.table, payment),
      ...promoUseWrites(db.table, order, ctx),
      idempotencyWrite(db.table, {
        userId: base.user_id,
        key: req.idempotencyKey,
        orderId: base.id,
        fingerprint: req.fingerprint,
        now,
      }),
      takeSlotWrite(db.table, base.user_id, slot, base.id, until, nowIso),
    ];
  };
  try {
    if (fulfilment) await transact(db, writes({ ...base, fulfilment, payment_id: payment.id }));
    else
      await claimCode(db, {
        ...claimFor(base),
        ...stockFor(req),
        mode: 'reserve',
        holdUntil: until,
        // Counted for 'Popular' by its ticket: its completion counts nothing more.
        extraWrites: (code) =>
          writes({ ...base, code_id: code.id, payment_id: payment.id, sales_counted: true }),
      });
  } catch (error) {
    // Another request of this key, or another order taking the same slot or the promo code's last
    // use, committed first.
    if (error instanceof WriteRefused && error.has('idempotency', 'slot', ...PROMO_WRITES)) return undefined;
    throw error;
  }
  return startOrderCharge(deps, order, payment);
}

/**
 * Both slots taken: make sure each still belongs to an unpaid order. A slot whose order has left
 * `pending` (it should have been freed in that order's transaction; this mends data changed by
 * hand) is deleted so the buyer is not blocked by it. True when one was freed.
 */
async function freeStaleSlots(db: Db, userId: string, slots: OrderContext['slots']): Promise<boolean> {
  let freed = false;
  for (const [n, slot] of slots.entries()) {
    const order = slot ? await getOrder(db, slot.order_id) : undefined;
    if (!slot || order?.status === 'pending') continue;
    await deleteSlotOf(db, userId, n, slot.order_id);
    freed = true;
  }
  return freed;
}
