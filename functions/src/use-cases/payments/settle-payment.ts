import type { VerifiedPayment } from '../../clients/uddoktapay';
import type { Db } from '../../db/client';
import { getCode } from '../../db/stock/code-item';
import { indexKeys } from '../../db/keys';
import { orderTransitionWrites, getOrder } from '../../db/orders/order-items';
import { unexpectedPayment } from '../../db/payments/unexpected-payment';
import { claimCode } from '../../db/stock/claim-code';
import { deliverReservedCodeWrite, releaseHeldCodeWrites } from '../../db/stock/code-transitions';
import { cancellationReasons, transact, WriteRefused, type Write } from '../../db/transact';
import { applyBalanceChange, balanceWrites, readBalance, type BalanceChange } from '../../db/wallet/balance';
import type { OrderItem, PaymentItem } from '../../domain/model';
import {
  decideSettlement,
  lateRefundsOrder,
  mayClaimAnotherCode,
  type Settlement,
} from '../../domain/payments/settlement';
import { conflict, isRefusal, notFound } from '../../domain/refusals';
import { paymentStatusWrite, getPayment } from '../../db/payments/payment-items';
import { putSupplierOrderWrite } from '../../db/fulfilment/supplier-order-items';
import { newSupplierOrder } from '../../domain/fulfilment/supplier-order';
import type { Logger } from '../../runtime/logger';
import type { FulfilmentDeps } from '../fulfilment/send';
import { dispatchPlaced } from '../orders/deferred-order';
import { startLateVoucher } from '../fulfilment/late-voucher';

/**
 * Settlement of a gateway payment from a VERIFIED answer (never from a webhook body). What the
 * answer means is decided in domain/payments/settlement.ts; this carries it out. Only the invoice
 * the shop stored when it created the charge settles a payment; any other paid invoice that names
 * it is recorded as an unexpected payment and credited to the payer's wallet.
 *
 * Every path is one transaction whose first write moves the payment out of the status it was read
 * in, so however many webhooks, return pages and sweeper runs arrive, in whatever order, exactly
 * one of them settles; the others find the payment settled and stop.
 */
export type SettleOutcome =
  'completed' | 'refunded' | 'review' | 'failed' | 'pending' | 'unchanged' | 'unexpected';

export interface SettleDeps {
  db: Db;
  now: () => Date;
  /** Issue 31: sends a supplier's order right after the payment commits (absent: the job does). */
  supplier?: FulfilmentDeps['supplier'];
  log?: Logger;
}

/**
 * `read`: the payment as the caller just read it (saves the first read), or its id. `readOrder`:
 * an order the caller read beside it, used on the first attempt if it is the payment's own.
 */
export async function settleVerified(
  deps: SettleDeps,
  read: PaymentItem | string,
  v: VerifiedPayment,
  readOrder?: OrderItem,
): Promise<SettleOutcome> {
  const paymentId = typeof read === 'string' ? read : read.id;
  for (let attempt = 0; attempt < 6; attempt++) {
    const first = attempt === 0;
    const payment = first && typeof read !== 'string' ? read : await getPayment(deps.db, paymentId);
    if (!payment) throw notFound('Payment not found');
    const wanted = payment.order_id && v.status === 'COMPLETED' ? payment.order_id : undefined;
    const order = !wanted
      ? undefined
      : first && readOrder?.id === wanted
        ? readOrder
        : await getOrder(deps.db, wanted);
    const holdsCode = first && heldOnTrust(order) ? true : await holdsReservedCode(deps.db, order);
    const plan = decideSettlement({ payment, verified: v, order, holdsCode });
    try {
      return await carryOut(deps, plan, { payment, order, v });
    } catch (error) {
      // Lost a race (another settlement, the sweeper, a balance change): read again and decide again.
      if (error instanceof WriteRefused || cancellationReasons(error)) {
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 25));
        continue;
      }
      throw error;
    }
  }
  throw conflict('Payment is being processed. Please try again.');
}

/**
 * An open order's reserved code is taken as still held on the first attempt, without reading it:
 * the delivery's write is conditioned on the code being reserved for this order, so if the hold
 * ended (a late payment) the transaction is refused and the next attempt reads the code. Saves a
 * read on the path every paid webhook takes.
 */
const heldOnTrust = (order: OrderItem | undefined): boolean =>
  Boolean(order?.code_id) && (order?.status === 'pending' || order?.status === 'processing');

async function holdsReservedCode(db: Db, order: OrderItem | undefined): Promise<boolean> {
  if (!order?.code_id) return false;
  const code = await getCode(db, order.product_variant_id, order.code_id);
  return code?.status === 'reserved' && code.order_id === order.id;
}

interface Read {
  payment: PaymentItem;
  order?: OrderItem;
  v: VerifiedPayment;
}

async function carryOut(deps: SettleDeps, plan: Settlement, read: Read): Promise<SettleOutcome> {
  const { db } = deps;
  const { payment, order, v } = read;
  const now = deps.now().toISOString();
  const verified = verifiedFields(v);
  switch (plan.kind) {
    case 'unchanged':
    case 'pending':
      return plan.kind;
    case 'foreign': {
      const u = unexpectedPayment(db.table, {
        payment,
        verified: v,
        part: 'PAID',
        amount: v.amount,
        reason: plan.reason,
        now,
      });
      return onceOnly(() => applyBalanceChange(db, u.credit, () => u.writes), 'unexpected');
    }
    case 'fail': {
      const writes = [
        paymentStatusWrite(db.table, payment, 'failed', ['pending'], now, {
          ...verified,
          failure_reason: plan.reason,
        }),
      ];
      if (payment.kind === 'order' && payment.order_id)
        writes.push(...(await failOrderWrites(db, payment.order_id, plan.reason, now)));
      await transact(db, writes);
      return 'failed';
    }
    case 'review': {
      const writes = [paymentStatusWrite(db.table, payment, 'review', [payment.status], now, verified)];
      const held = payment.order_id ? (order ?? (await getOrder(db, payment.order_id))) : undefined;
      if (held?.status === 'pending')
        writes.push(
          ...orderTransitionWrites(db.table, held, 'processing', now, { failure_reason: 'underpaid' }),
        );
      await transact(db, writes);
      return 'review';
    }
  }
  const completed = paymentStatusWrite(db.table, payment, 'completed', [payment.status], now, verified);
  // Paid more than asked: the difference is an unexpected payment, in the same transaction.
  const excess =
    plan.excess > 0
      ? unexpectedPayment(db.table, {
          payment,
          verified: v,
          part: 'EXCESS',
          amount: plan.excess,
          reason: 'overpayment',
          now,
        })
      : undefined;
  const withExcess = async (writes: Write[], credits: BalanceChange[] = []) => {
    const all = [...credits, ...(excess ? [excess.credit] : [])];
    if (all.length === 0) return transact(db, writes);
    await applyBalanceChange(db, all, () => [...writes, ...(excess?.writes ?? [])]);
  };
  if (plan.kind === 'credit_topup') {
    await withExcess(
      [completed],
      [{ userId: payment.user_id, delta: payment.amount, reason: 'topup', reference: payment.id, now }],
    );
    return 'completed';
  }
  if (!order) throw new Error(`order of payment ${payment.id} not found`);
  if (plan.kind === 'start_fulfilment') {
    const fulfilment = order.fulfilment!;
    await withExcess([
      completed,
      ...orderTransitionWrites(db.table, order, 'processing', now, { paid_at: now }, ['failure_reason']),
      putSupplierOrderWrite(db.table, newSupplierOrder(order, fulfilment, new Date(now))),
    ]);
    await dispatchPlaced(deps, {
      order: { ...order, status: 'processing' },
      paymentUrl: null,
      balance: null,
    });
    return 'completed';
  }
  if (plan.kind === 'deliver_held') {
    await withExcess([
      completed,
      deliverReservedCodeWrite(
        { variant_id: order.product_variant_id, id: order.code_id!, order_id: order.id },
        order.user_id,
        now,
        db.table,
      ),
      ...orderTransitionWrites(db.table, order, 'completed', now, { paid_at: now }, ['failure_reason']),
    ]);
    return 'completed';
  }
  return settleLate(deps, { payment, order, v, completed, excess, now });
}

/**
 * The money came after the hold was released (or the order moved on): claim another code if one
 * is left; else the whole payment is an unexpected one, credited to the wallet, and an order still
 * open is marked refunded ('late_payment').
 */
async function settleLate(
  deps: SettleDeps,
  ctx: {
    payment: PaymentItem;
    order: OrderItem;
    v: VerifiedPayment;
    completed: Write;
    excess?: ReturnType<typeof unexpectedPayment>;
    now: string;
  },
): Promise<SettleOutcome> {
  const { db } = deps;
  const { payment, order, now } = ctx;
  if (mayClaimAnotherCode(order)) {
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
        variantNameBn: order.variant_name_bn ?? null,
        productNameBn: order.product_name_bn ?? null,
        extraWrites: (c) => [
          ctx.completed,
          ...orderTransitionWrites(db.table, order, 'completed', now, { code_id: c.id, paid_at: now }, [
            'failure_reason',
          ]),
          ...(ctx.excess
            ? [...balanceWrites(db.table, balance ?? 0, ctx.excess.credit).writes, ...ctx.excess.writes]
            : []),
        ],
      });
      return 'completed';
    } catch (error) {
      if (!isRefusal(error, 'out_of_stock')) throw error;
    }
    // No code left, but the package names a supplier's voucher: buy one (issue 31) rather than
    // hand the money back.
    if (await startLateVoucher(deps, ctx)) return 'completed';
  }
  const late = unexpectedPayment(db.table, {
    payment,
    verified: ctx.v,
    part: 'PAID',
    amount: ctx.v.amount,
    reason: 'late_payment',
    now,
  });
  return onceOnly(
    () =>
      applyBalanceChange(db, late.credit, () => [
        ...late.writes,
        ...(payment.status === 'pending'
          ? [
              paymentStatusWrite(db.table, payment, 'failed', ['pending'], now, {
                failure_reason: 'late_payment',
              }),
            ]
          : []),
        ...(lateRefundsOrder(order)
          ? orderTransitionWrites(db.table, order, 'refunded', now, {
              refunded_at: now,
              paid_at: now,
              failure_reason: 'late_payment',
            })
          : []),
      ]),
    'refunded',
  );
}

/** 'unchanged' when the unexpected payment's invoice claim was already written: recorded once. */
async function onceOnly(run: () => Promise<unknown>, outcome: SettleOutcome): Promise<SettleOutcome> {
  try {
    await run();
    return outcome;
  } catch (error) {
    if (error instanceof WriteRefused && error.has('invoice_claim')) return 'unchanged';
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

/** Order failed and its held code released (nothing when the order already left pending/processing). */
export async function failOrderWrites(
  db: Db,
  orderId: string,
  reason: string,
  now: string,
): Promise<Write[]> {
  const order = await getOrder(db, orderId);
  if (!order || (order.status !== 'pending' && order.status !== 'processing')) return [];
  return [
    ...orderTransitionWrites(db.table, order, 'failed', now, { failure_reason: reason }),
    ...(await releaseHeldCodeWrites(db, order, now)),
  ];
}
