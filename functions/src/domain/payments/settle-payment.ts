import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../../db/client';
import { getCode, getOrder, getPayment, type OrderItem, type PaymentItem } from '../../db/commerce-repo';
import { indexKeys } from '../../db/keys';
import { cancellationReasons } from '../../db/transact';
import { HttpError } from '../../kit/errors';
import type { VerifiedPayment } from '../gateway/uddoktapay-client';
import { orderStatusItem, paymentStatusItem } from '../orders/order-items';
import { claimCode, ExtraItemFailed } from '../stock/claim-code';
import type { TransactItem } from '../stock/code-item';
import { deliverReservedCodeItem, releaseCodeItems } from '../stock/code-transitions';
import { applyBalanceChange, ExtraConditionFailed } from '../wallet/balance';

/**
 * Settlement of a gateway payment from a VERIFIED answer (never from a webhook body). Every path
 * is one transaction whose first item moves the payment out of its current status with a
 * condition on that status, so however many webhooks, return pages and sweeper runs arrive, in
 * whatever order, exactly one of them settles; the others find the payment settled and stop.
 */
export type SettleOutcome = 'completed' | 'refunded' | 'review' | 'failed' | 'pending' | 'unchanged';

export interface SettleDeps {
  db: Db;
  now: () => Date;
}

/** A COMPLETED answer may settle a payment still pending, or one the sweeper expired (late payment). */
const SETTLEABLE: PaymentItem['status'][] = ['pending', 'failed'];

export async function settleVerified(deps: SettleDeps, paymentId: string, v: VerifiedPayment): Promise<SettleOutcome> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const payment = await getPayment(deps.db, paymentId);
    if (!payment) throw new HttpError(404, 'not_found', 'Payment not found');
    if (payment.invoice_id && payment.invoice_id !== v.invoiceId) return 'unchanged';
    try {
      return await settleOnce(deps, payment, v);
    } catch (error) {
      // Lost a race (another settlement, the sweeper, a balance change): read again and decide again.
      if (cancellationReasons(error) || error instanceof ExtraItemFailed || error instanceof ExtraConditionFailed) {
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 25));
        continue;
      }
      throw error;
    }
  }
  throw new HttpError(409, 'conflict', 'Payment is being processed. Please try again.');
}

function verifiedFields(v: VerifiedPayment): Record<string, unknown> {
  return {
    invoice_id: v.invoiceId,
    gsi1pk: indexKeys.invoice(v.invoiceId),
    gsi1sk: 'PAYMENT',
    transaction_id: v.transactionId ?? undefined,
    sender_number: v.senderNumber ?? undefined,
    paid_amount: v.amount,
  };
}

async function settleOnce(deps: SettleDeps, payment: PaymentItem, v: VerifiedPayment): Promise<SettleOutcome> {
  const { db } = deps;
  const table = db.table;
  const now = deps.now().toISOString();
  if (v.status === 'PENDING') return 'pending';

  if (v.status === 'FAILED') {
    if (payment.status !== 'pending') return 'unchanged';
    const items: TransactItem[] = [paymentStatusItem(table, payment, 'failed', ['pending'], now, verifiedFields(v))];
    if (payment.kind === 'order' && payment.order_id) items.push(...(await failOrderItems(db, payment.order_id, 'payment_failed', now)));
    await send(db, items);
    return 'failed';
  }

  // COMPLETED
  if (!SETTLEABLE.includes(payment.status)) return 'unchanged';
  const completed = paymentStatusItem(table, payment, 'completed', [payment.status], now, verifiedFields(v));

  if (v.amount < payment.amount) {
    // Paid less than asked: an operator decides; nothing is delivered or credited.
    const items: TransactItem[] = [paymentStatusItem(table, payment, 'review', [payment.status], now, verifiedFields(v))];
    if (payment.order_id) {
      const order = await getOrder(db, payment.order_id);
      if (order?.status === 'pending') items.push(orderStatusItem(table, order, 'processing', ['pending'], now, { failure_reason: 'underpaid' }));
    }
    await send(db, items);
    return 'review';
  }

  if (payment.kind === 'topup') {
    await applyBalanceChange(db, { userId: payment.user_id, delta: payment.amount, reason: 'topup', reference: payment.id, now }, () => [completed]);
    return 'completed';
  }

  const order = payment.order_id ? await getOrder(db, payment.order_id) : undefined;
  if (!order) throw new Error(`order of payment ${payment.id} not found`);
  const code = order.code_id ? await getCode(db, order.product_variant_id, order.code_id) : undefined;
  const holdsCode = code?.status === 'reserved' && code.order_id === order.id;

  if ((order.status === 'pending' || order.status === 'processing') && holdsCode && code) {
    await send(db, [
      completed,
      deliverReservedCodeItem({ variant_id: code.variant_id, id: code.id, order_id: order.id }, order.user_id, now, table),
      orderStatusItem(table, order, 'completed', [order.status], now, { paid_at: now }, ['failure_reason']),
    ]);
    return 'completed';
  }
  return settleLate(deps, payment, order, completed, now);
}

/**
 * The money came after the hold was released (or the order moved on): claim another code if one
 * is left, else credit the wallet and mark the order refunded ('late_payment').
 */
async function settleLate(deps: SettleDeps, payment: PaymentItem, order: OrderItem, completed: TransactItem, now: string): Promise<SettleOutcome> {
  const { db } = deps;
  if (order.status === 'failed' || order.status === 'pending' || order.status === 'processing') {
    try {
      await claimCode(db, {
        variantId: order.product_variant_id,
        productId: order.product_id,
        mode: 'deliver',
        orderId: order.id,
        userId: order.user_id,
        now,
        variantName: order.variant_name,
        productName: order.product_name,
        extraItems: (c) => [
          completed,
          orderStatusItem(db.table, order, 'completed', [order.status], now, { code_id: c.id, paid_at: now }, ['failure_reason']),
        ],
      });
      return 'completed';
    } catch (error) {
      if (!(error instanceof HttpError && error.code === 'out_of_stock')) throw error;
    }
  }
  const refundOrder = order.status !== 'completed' && order.status !== 'refunded' && !order.refunded_at;
  await applyBalanceChange(
    db,
    { userId: payment.user_id, delta: payment.amount, reason: 'late_payment', reference: order.id, now, note: 'Paid after the code hold expired' },
    () => [
      completed,
      ...(refundOrder
        ? [orderStatusItem(db.table, order, 'refunded', [order.status], now, { refunded_at: now, paid_at: now, failure_reason: 'late_payment' })]
        : []),
    ],
  );
  return 'refunded';
}

/** Order failed and its held code released (nothing when the order already left pending/processing). */
export async function failOrderItems(db: Db, orderId: string, reason: string, now: string): Promise<TransactItem[]> {
  const order = await getOrder(db, orderId);
  if (!order || (order.status !== 'pending' && order.status !== 'processing')) return [];
  const items: TransactItem[] = [orderStatusItem(db.table, order, 'failed', [order.status], now, { failure_reason: reason })];
  const code = order.code_id ? await getCode(db, order.product_variant_id, order.code_id) : undefined;
  if (code && code.status === 'reserved' && code.order_id === order.id) {
    items.push(...releaseCodeItems({ variant_id: code.variant_id, product_id: code.product_id, id: code.id, order_id: order.id }, now, db.table));
  }
  return items;
}

async function send(db: Db, items: TransactItem[]): Promise<void> {
  await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
}
