import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../../db/client';
import { getCode, getOrder, getPayment, type OrderItem, type PaymentItem } from '../../db/commerce-repo';
import { indexKeys } from '../../db/keys';
import { cancellationReasons } from '../../db/transact';
import { conflict, notFound, Refusal } from '../../domain/refusals';
import type { VerifiedPayment } from '../../clients/uddoktapay';
import { orderTransitionItems, paymentStatusItem } from '../../db/orders/order-items';
import { claimCode, ExtraItemFailed } from '../../db/stock/claim-code';
import type { TransactItem } from '../../db/transact';
import { deliverReservedCodeItem, releaseCodeItems } from '../../db/stock/code-transitions';
import {
  applyBalanceChange,
  balanceItems,
  ExtraConditionFailed,
  readBalance,
  type BalanceChange,
} from '../../db/wallet/balance';
import { unexpectedPayment } from './unexpected-payment';

/**
 * Settlement of a gateway payment from a VERIFIED answer (never from a webhook body). Only the
 * invoice the shop stored when it created the charge settles a payment; any other paid invoice
 * that names it is recorded as an unexpected payment and credited to the payer's wallet, so a
 * foreign or second invoice never changes an order and no paid taka goes unrecorded.
 *
 * Every path is one transaction whose first item moves the payment out of the status it was read
 * in, so however many webhooks, return pages and sweeper runs arrive, in whatever order, exactly
 * one of them settles; the others find the payment settled and stop.
 */
export type SettleOutcome =
  'completed' | 'refunded' | 'review' | 'failed' | 'pending' | 'unchanged' | 'unexpected';

export interface SettleDeps {
  db: Db;
  now: () => Date;
}

/** A COMPLETED answer may settle a payment still pending, or one the sweeper expired (late payment). */
const SETTLEABLE: PaymentItem['status'][] = ['pending', 'failed'];

/** True when `v` is the invoice of the charge the shop created for `payment`. */
export function isChargeInvoice(payment: PaymentItem, v: VerifiedPayment): boolean {
  const stored = payment.invoice_hint ?? payment.invoice_id;
  if (stored) return stored === v.invoiceId;
  // A checkout URL that carried no invoice id: the first verified invoice with our metadata and
  // the exact amount becomes the payment's invoice (stored by the settlement).
  return v.metadata.payment_id === payment.id && v.amount === payment.amount;
}

export async function settleVerified(
  deps: SettleDeps,
  paymentId: string,
  v: VerifiedPayment,
): Promise<SettleOutcome> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const payment = await getPayment(deps.db, paymentId);
    if (!payment) throw notFound('Payment not found');
    try {
      if (!isChargeInvoice(payment, v)) return await recordForeignInvoice(deps, payment, v);
      return await settleOnce(deps, payment, v);
    } catch (error) {
      // Lost a race (another settlement, the sweeper, a balance change): read again and decide again.
      if (
        cancellationReasons(error) ||
        error instanceof ExtraItemFailed ||
        error instanceof ExtraConditionFailed
      ) {
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 25));
        continue;
      }
      throw error;
    }
  }
  throw conflict('Payment is being processed. Please try again.');
}

/** A paid invoice that is not the payment's own: its money goes to the payer's wallet, once. */
async function recordForeignInvoice(
  deps: SettleDeps,
  payment: PaymentItem,
  v: VerifiedPayment,
): Promise<SettleOutcome> {
  if (v.status !== 'COMPLETED' || v.amount <= 0) return 'unchanged';
  const sameCharge = v.metadata.payment_id === payment.id && v.amount === payment.amount;
  const now = deps.now().toISOString();
  const u = unexpectedPayment(deps.db.table, {
    payment,
    verified: v,
    part: 'PAID',
    amount: v.amount,
    reason: sameCharge ? 'second_invoice' : 'mismatch',
    now,
  });
  return onceOnly(() => applyBalanceChange(deps.db, u.credit, () => u.items), 'unexpected');
}

/** 'unchanged' when the unexpected payment's claim (the first extra item) was already written. */
async function onceOnly(write: () => Promise<unknown>, outcome: SettleOutcome): Promise<SettleOutcome> {
  try {
    await write();
    return outcome;
  } catch (error) {
    if (error instanceof ExtraConditionFailed && error.index === 0) return 'unchanged';
    throw error;
  }
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

async function settleOnce(
  deps: SettleDeps,
  payment: PaymentItem,
  v: VerifiedPayment,
): Promise<SettleOutcome> {
  const { db } = deps;
  const table = db.table;
  const now = deps.now().toISOString();
  if (v.status === 'PENDING') return 'pending';

  if (v.status === 'FAILED') {
    if (payment.status !== 'pending') return 'unchanged';
    const items: TransactItem[] = [
      paymentStatusItem(table, payment, 'failed', ['pending'], now, verifiedFields(v)),
    ];
    if (payment.kind === 'order' && payment.order_id)
      items.push(...(await failOrderItems(db, payment.order_id, 'payment_failed', now)));
    await send(db, items);
    return 'failed';
  }

  // COMPLETED
  if (!SETTLEABLE.includes(payment.status)) return 'unchanged';
  const completed = paymentStatusItem(table, payment, 'completed', [payment.status], now, verifiedFields(v));

  if (v.amount < payment.amount) {
    // Paid less than asked: an operator decides; nothing is delivered or credited.
    const items: TransactItem[] = [
      paymentStatusItem(table, payment, 'review', [payment.status], now, verifiedFields(v)),
    ];
    if (payment.order_id) {
      const order = await getOrder(db, payment.order_id);
      if (order?.status === 'pending')
        items.push(...orderTransitionItems(table, order, 'processing', now, { failure_reason: 'underpaid' }));
    }
    await send(db, items);
    return 'review';
  }

  // Paid more than asked: the difference is an unexpected payment, in the same transaction.
  const excess =
    v.amount > payment.amount
      ? unexpectedPayment(table, {
          payment,
          verified: v,
          part: 'EXCESS',
          amount: v.amount - payment.amount,
          reason: 'overpayment',
          now,
        })
      : undefined;
  const withExcess = async (items: TransactItem[], credits: BalanceChange[] = []) => {
    const all = [...credits, ...(excess ? [excess.credit] : [])];
    if (all.length === 0) return send(db, items);
    await applyBalanceChange(db, all, () => [...items, ...(excess?.items ?? [])]);
  };

  if (payment.kind === 'topup') {
    await withExcess(
      [completed],
      [{ userId: payment.user_id, delta: payment.amount, reason: 'topup', reference: payment.id, now }],
    );
    return 'completed';
  }

  const order = payment.order_id ? await getOrder(db, payment.order_id) : undefined;
  if (!order) throw new Error(`order of payment ${payment.id} not found`);
  const code = order.code_id ? await getCode(db, order.product_variant_id, order.code_id) : undefined;
  const holdsCode = code?.status === 'reserved' && code.order_id === order.id;

  if ((order.status === 'pending' || order.status === 'processing') && holdsCode && code) {
    await withExcess([
      completed,
      deliverReservedCodeItem(
        { variant_id: code.variant_id, id: code.id, order_id: order.id },
        order.user_id,
        now,
        table,
      ),
      ...orderTransitionItems(table, order, 'completed', now, { paid_at: now }, ['failure_reason']),
    ]);
    return 'completed';
  }
  return settleLate(deps, payment, order, { completed, excess, v, now });
}

/**
 * The money came after the hold was released (or the order moved on): claim another code if one
 * is left; else the whole payment is an unexpected one, credited to the wallet, and an order still
 * open is marked refunded ('late_payment').
 */
async function settleLate(
  deps: SettleDeps,
  payment: PaymentItem,
  order: OrderItem,
  ctx: {
    completed: TransactItem;
    excess?: ReturnType<typeof unexpectedPayment>;
    v: VerifiedPayment;
    now: string;
  },
): Promise<SettleOutcome> {
  const { db } = deps;
  const { now } = ctx;
  if (order.status === 'failed' || order.status === 'pending' || order.status === 'processing') {
    const balance = ctx.excess ? await readBalance(db, payment.user_id) : undefined;
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
          ctx.completed,
          ...orderTransitionItems(db.table, order, 'completed', now, { code_id: c.id, paid_at: now }, [
            'failure_reason',
          ]),
          ...(ctx.excess
            ? [...balanceItems(db.table, balance ?? 0, ctx.excess.credit).items, ...ctx.excess.items]
            : []),
        ],
      });
      return 'completed';
    } catch (error) {
      if (!(error instanceof Refusal && error.code === 'out_of_stock')) throw error;
    }
  }
  const late = unexpectedPayment(db.table, {
    payment,
    verified: ctx.v,
    part: 'PAID',
    amount: ctx.v.amount,
    reason: 'late_payment',
    now,
  });
  const refundOrder = order.status !== 'completed' && order.status !== 'refunded' && !order.refunded_at;
  return onceOnly(
    () =>
      applyBalanceChange(db, late.credit, () => [
        ...late.items,
        ...(payment.status === 'pending'
          ? [
              paymentStatusItem(db.table, payment, 'failed', ['pending'], now, {
                failure_reason: 'late_payment',
              }),
            ]
          : []),
        ...(refundOrder
          ? orderTransitionItems(db.table, order, 'refunded', now, {
              refunded_at: now,
              paid_at: now,
              failure_reason: 'late_payment',
            })
          : []),
      ]),
    'refunded',
  );
}

/** Order failed and its held code released (nothing when the order already left pending/processing). */
export async function failOrderItems(
  db: Db,
  orderId: string,
  reason: string,
  now: string,
): Promise<TransactItem[]> {
  const order = await getOrder(db, orderId);
  if (!order || (order.status !== 'pending' && order.status !== 'processing')) return [];
  const items = orderTransitionItems(db.table, order, 'failed', now, { failure_reason: reason });
  const code = order.code_id ? await getCode(db, order.product_variant_id, order.code_id) : undefined;
  if (code && code.status === 'reserved' && code.order_id === order.id) {
    items.push(
      ...releaseCodeItems(
        { variant_id: code.variant_id, product_id: code.product_id, id: code.id, order_id: order.id },
        now,
        db.table,
      ),
    );
  }
  return items;
}

async function send(db: Db, items: TransactItem[]): Promise<void> {
  await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
}
