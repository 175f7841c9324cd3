import { invoiceIdFromPaymentUrl, type GatewayClient } from '../../clients/uddoktapay';
import type { Db } from '../../db/client';

import { orderTransitionWrites } from '../../db/orders/order-items';
import { storePaymentUrl, takeChargeLock as takeLock } from '../../db/payments/charge-lock';
import { releaseHeldCodeWrites } from '../../db/stock/code-transitions';
import { transact } from '../../db/transact';
import type { OrderItem, PaymentItem } from '../../domain/model';
import { badGateway, Refusal } from '../../domain/refusals';
import { paymentStatusWrite, getPayment } from '../../db/payments/payment-items';

export interface ChargeDeps {
  db: Db;
  now: () => Date;
  gateway: () => Promise<GatewayClient>;
  publicUrl: string;
}

/**
 * One gateway invoice per payment: only the holder of the payment's charge lock may call
 * create-charge. The request that writes the payment takes the lock in the same write; a retry
 * of the same order (same Idempotency-Key) waits briefly for the URL and otherwise answers 409.
 * The lock outlives the gateway's timeout, so it only passes on when its holder died without a
 * URL: the buyer never saw that URL, and if its invoice is paid anyway, the money is recorded as
 * an unexpected payment (settle-payment.ts).
 */
export const CHARGE_LOCK_MS = 30_000;
/** How long a retry waits for the first request's URL before answering 409. */
const WAIT_FOR_URL_MS = 3_000;

export const chargeLock = (owner: string, now: Date) => ({
  charge_owner: owner,
  charge_until: new Date(now.getTime() + CHARGE_LOCK_MS).toISOString(),
});

const requestInProgress = () =>
  new Refusal(
    'idempotency_in_progress',
    'Your order is still being placed. Please wait a moment.',
    undefined,
    2,
  );

const returnUrls = (publicUrl: string) => {
  const origin = publicUrl.replace(/\/+$/, '');
  // The gateway appends ?invoice_id=...; the return pages call POST /api/payments/confirm with it.
  return { redirectUrl: `${origin}/payment-success`, cancelUrl: `${origin}/payment-failed` };
};

/**
 * Store the checkout URL and its invoice id (the invoice that may settle the payment). The first
 * URL stored wins; a later one (from a lock that passed on) is never shown to the buyer.
 */
async function storeCheckout(db: Db, payment: PaymentItem, url: string, now: string): Promise<string> {
  if ((await storePaymentUrl(db, payment.id, url, invoiceIdFromPaymentUrl(url), now)) === 'stored')
    return url;
  const stored = (await getPayment(db, payment.id))?.payment_url;
  if (!stored) throw badGateway('Payment URL not received');
  return stored;
}

/** Ask the gateway for the charge of an order written with its code held (we hold the charge lock). */
export async function startOrderCharge(deps: ChargeDeps, order: OrderItem, payment: PaymentItem) {
  let paymentUrl: string;
  try {
    const gateway = await deps.gateway();
    ({ paymentUrl } = await gateway.createCharge({
      fullName: order.user_name || 'Customer',
      email: order.user_email || 'customer@example.com',
      amount: payment.amount,
      metadata: { order_id: order.id, payment_id: payment.id, kind: 'order' },
      ...returnUrls(deps.publicUrl),
    }));
  } catch (error) {
    await failUnchargedOrder(deps, order, payment, 'gateway_error');
    if (error instanceof Refusal) throw error;
    throw badGateway('Payment URL not received');
  }
  paymentUrl = await storeCheckout(deps.db, payment, paymentUrl, deps.now().toISOString());
  return { order, payment: { ...payment, payment_url: paymentUrl }, paymentUrl, balance: null };
}

/**
 * A retried order whose payment has no URL yet: take the charge lock if its holder is gone (and
 * create the charge), else wait briefly for the holder's URL, else 409 'in progress'.
 */
export async function resumeOrderCharge(
  deps: ChargeDeps,
  order: OrderItem,
  payment: PaymentItem,
  owner: string,
) {
  if (await takeChargeLock(deps, payment, owner)) return startOrderCharge(deps, order, payment);
  const deadline = Date.now() + WAIT_FOR_URL_MS;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 150));
    const current = await getPayment(deps.db, payment.id);
    if (current?.payment_url || current?.status !== 'pending') {
      return { order, payment: current ?? payment, paymentUrl: current?.payment_url ?? null, balance: null };
    }
  }
  throw requestInProgress();
}

async function takeChargeLock(deps: ChargeDeps, payment: PaymentItem, owner: string): Promise<boolean> {
  const now = deps.now();
  return takeLock(deps.db, payment.id, chargeLock(owner, now), now.toISOString());
}

/** Order failed, payment failed, reserved code back on the shelf, unpaid slot freed: one transaction. */
async function failUnchargedOrder(
  deps: { db: Db; now: () => Date },
  order: OrderItem,
  payment: PaymentItem,
  reason: string,
) {
  const { db } = deps;
  const now = deps.now().toISOString();
  await transact(db, [
    paymentStatusWrite(db.table, payment, 'failed', ['pending'], now),
    ...orderTransitionWrites(db.table, order, 'failed', now, { failure_reason: reason }),
    ...(await releaseHeldCodeWrites(db, order, now)),
  ]);
}

/** A gateway top-up: a pending payment (already written) and its charge. */
export async function startTopupCharge(
  deps: ChargeDeps,
  payment: PaymentItem,
  customer: { name: string; email: string },
) {
  let paymentUrl: string;
  try {
    const gateway = await deps.gateway();
    ({ paymentUrl } = await gateway.createCharge({
      fullName: customer.name || 'Customer',
      email: customer.email || 'customer@example.com',
      amount: payment.amount,
      metadata: { payment_id: payment.id, kind: 'topup' },
      ...returnUrls(deps.publicUrl),
    }));
  } catch (error) {
    const now = deps.now().toISOString();
    await transact(deps.db, [paymentStatusWrite(deps.db.table, payment, 'failed', ['pending'], now)]);
    if (error instanceof Refusal) throw error;
    throw badGateway('Payment URL not received');
  }
  paymentUrl = await storeCheckout(deps.db, payment, paymentUrl, deps.now().toISOString());
  return { payment: { ...payment, payment_url: paymentUrl }, paymentUrl };
}
