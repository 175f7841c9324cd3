import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { getOrder } from '../src/db/orders/order-items';
import type { Supplier } from '../src/clients/suppliers/supplier';
import { sweepFulfilment } from '../src/use-cases/fulfilment/sweep-fulfilment';
import { claimQueued, completeQueued, failQueued } from '../src/use-cases/fulfilment/operator';
import { confirmInvoice } from '../src/use-cases/payments/confirm-invoice';
import { sweep as sweepPayments } from '../src/use-cases/payments/sweep';
import { setOrderStatus } from '../src/use-cases/orders/set-order-status';
import { confirmRefund, refundOrder } from '../src/use-cases/orders/refund-order';
import { refundCallFromConfig } from '../src/clients/uddoktapay-refund';
import { freshTable } from '../../test/db';
import { customer } from '../../test/invoke';
import {
  balanceOf,
  flowDeps,
  invoiceOf,
  ledgerEntries,
  ledgerSum,
  seedProfile,
  startGateway,
  variantCodes,
} from './commerce-fixtures';
import {
  moogoldTopup,
  moogoldVoucher,
  operatorFulfilment,
  orderFor,
  recordOf,
  seedFulfilledVariant,
  startSuppliers,
  testClock,
  unipinTopup,
} from './fulfilment-fixtures';

/**
 * Issue 31: orders fulfilled by a supplier, against the UniPin and MooGold sandboxes, counted on
 * the sandbox's side: exactly one supplier order per shop order under every fault, unknown
 * outcomes resolved only by inquiry, refusals refunded once, just-in-time codes.
 */
let db: Db;
let sup: Awaited<ReturnType<typeof startSuppliers>>;
let gw: Awaited<ReturnType<typeof startGateway>>;
const clock = testClock();
let n = 0;
const PRICE = 10_000;

const deps = (
  supplier: (name: 'unipin' | 'moogold') => Promise<Supplier | undefined> = async (s) => sup.adapters[s],
) => ({
  ...flowDeps(db),
  now: clock.now,
  supplier,
});
/** No supplier client: the order is left `pending_send` for the job (a request that died after its commit). */
const noDispatch = () => ({ ...flowDeps(db), now: clock.now });

async function buyer(balance = 50_000) {
  const u = customer(31_000 + n++);
  await seedProfile(db, u, balance);
  return u;
}

const unipinCreates = () => sup.unipin.control.snapshot().calls['/in-game-topup/order/create'] ?? 0;
const unipinCount = (ref: string) => sup.unipin.control.snapshot().ordersCreated[ref] ?? 0;
const moogoldCount = (ref: string) => sup.moogold.control.ordersCreated(ref);

async function expectWallet(userId: string, balance: number) {
  expect(await balanceOf(db, userId)).toBe(balance);
  expect(await ledgerSum(db, userId)).toBe(balance);
}

const refundsOf = async (userId: string, orderId: string) =>
  (await ledgerEntries(db, userId)).filter((e) => e.reason === 'refund' && e.reference === orderId);

beforeAll(async () => {
  db = await freshTable('fulfilment');
  sup = await startSuppliers();
  gw = await startGateway(db);
});
afterAll(async () => {
  await sup?.stop();
  await gw?.stop();
});

describe('a supplier top-up paid from the wallet', () => {
  it('is sent right after the commit and completes with the supplier transaction id', async () => {
    const u = await buyer();
    const { variantId } = await seedFulfilledVariant(db, unipinTopup, { price: PRICE });
    const placed = await orderFor(deps(), u, variantId);
    expect(placed.order.status).toBe('completed');
    expect(placed.order.supplier_transaction_id).toMatch(/\S/);
    expect(unipinCount(placed.order.id)).toBe(1);
    expect((await recordOf(db, placed.order.id))?.state).toBe('completed');
    await expectWallet(u.userId, 50_000 - PRICE);
  });

  it('a timeout after the supplier committed: unknown, then completed by the inquiry of two sweepers at once', async () => {
    const u = await buyer();
    const { variantId } = await seedFulfilledVariant(db, unipinTopup, { price: PRICE });
    sup.unipin.control.set({ timeoutAfterCommit: 1 });
    const creates = unipinCreates();
    const placed = await orderFor(deps(), u, variantId);
    expect(placed.order.status).toBe('processing');
    expect((await recordOf(db, placed.order.id))?.state).toBe('unknown');
    expect(unipinCount(placed.order.id)).toBe(1);
    clock.advance(20_000);
    const reports = await Promise.all([sweepFulfilment(deps()), sweepFulfilment(deps())]);
    expect(reports.reduce((s, r) => s + r.completed, 0)).toBe(1);
    // Resolved by inquiry alone: the create was called once.
    expect(unipinCreates() - creates).toBe(1);
    const order = await getOrder(db, placed.order.id);
    expect(order?.status).toBe('completed');
    expect(unipinCount(placed.order.id)).toBe(1);
    await expectWallet(u.userId, 50_000 - PRICE);
  });

  it('a refusal refunds the buyer once, with the reason, and no supplier order exists', async () => {
    const u = await buyer();
    const { variantId } = await seedFulfilledVariant(db, unipinTopup, { price: PRICE });
    sup.unipin.control.set({ refuse: 'Game under maintenance' });
    const placed = await orderFor(deps(), u, variantId);
    expect(placed.order.status).toBe('refunded');
    expect(placed.order.failure_reason).toContain('maintenance');
    expect(placed.balance).toBe(50_000);
    expect(unipinCount(placed.order.id)).toBe(0);
    clock.advance(600_000);
    await sweepFulfilment(deps());
    expect(await refundsOf(u.userId, placed.order.id)).toHaveLength(1);
    await expectWallet(u.userId, 50_000);
  });

  it('a 5xx on the validation sends nothing; the job sends it later, once', async () => {
    const u = await buyer();
    const { variantId } = await seedFulfilledVariant(db, unipinTopup, { price: PRICE });
    sup.unipin.control.set({ fail5xx: 1 });
    const placed = await orderFor(deps(), u, variantId);
    expect((await recordOf(db, placed.order.id))?.state).toBe('pending_send');
    expect(unipinCount(placed.order.id)).toBe(0);
    clock.advance(60_000);
    await Promise.all([sweepFulfilment(deps()), sweepFulfilment(deps())]);
    expect((await getOrder(db, placed.order.id))?.status).toBe('completed');
    expect(unipinCount(placed.order.id)).toBe(1);
  });

  it('a slow inquiry stays unknown (never sent again), then resolves when the supplier answers', async () => {
    const u = await buyer();
    const { variantId } = await seedFulfilledVariant(db, unipinTopup, { price: PRICE });
    sup.unipin.control.set({ timeoutAfterCommit: 1, slowInquiryMs: 3_000 });
    const placed = await orderFor(deps(), u, variantId);
    clock.advance(20_000);
    await sweepFulfilment(deps());
    const record = await recordOf(db, placed.order.id);
    expect(record?.state).toBe('unknown');
    expect(record?.inquiries).toBe(1);
    sup.unipin.control.set({ slowInquiryMs: 0 });
    clock.advance(120_000);
    await sweepFulfilment(deps());
    expect((await getOrder(db, placed.order.id))?.status).toBe('completed');
    expect(unipinCount(placed.order.id)).toBe(1);
  });
});

describe('MooGold, and faults no answer settles', () => {
  it('a 5xx on the create: never sent again; after 10 minutes the operator fails it and the buyer is refunded once', async () => {
    const u = await buyer();
    const { variantId } = await seedFulfilledVariant(db, moogoldTopup, { price: PRICE });
    sup.moogold.control.faults({ fail5xx: 1 });
    const placed = await orderFor(deps(), u, variantId);
    expect((await recordOf(db, placed.order.id))?.state).toBe('unknown');
    clock.advance(11 * 60_000);
    await sweepFulfilment(deps());
    const record = await recordOf(db, placed.order.id);
    expect(record).toMatchObject({ state: 'queued', queue_reason: 'unknown_timeout' });
    expect(moogoldCount(placed.order.id)).toBe(0);
    // Two operators claim it: one wins.
    const claims = await Promise.allSettled([
      claimQueued(deps(), placed.order.id, 'admin-a'),
      claimQueued(deps(), placed.order.id, 'admin-b'),
    ]);
    expect(claims.filter((c) => c.status === 'fulfilled')).toHaveLength(1);
    const winner = claims[0]!.status === 'fulfilled' ? 'admin-a' : 'admin-b';
    await expect(
      failQueued(deps(), placed.order.id, winner === 'admin-a' ? 'admin-b' : 'admin-a', 'x'),
    ).rejects.toThrow();
    expect(await failQueued(deps(), placed.order.id, winner, 'Supplier had no record')).toBe('refunded');
    expect(await failQueued(deps(), placed.order.id, winner, 'again').catch(() => 'refused')).toBe('refused');
    expect(await refundsOf(u.userId, placed.order.id)).toHaveLength(1);
    await expectWallet(u.userId, 50_000);
    expect(moogoldCount(placed.order.id)).toBe(0);
  });

  it('the supplier balance running out: queued for an operator, who completes it with proof', async () => {
    const u = await buyer();
    const { variantId } = await seedFulfilledVariant(db, moogoldTopup, { price: PRICE });
    sup.moogold.control.faults({ balance: 0 });
    const placed = await orderFor(deps(), u, variantId);
    expect(await recordOf(db, placed.order.id)).toMatchObject({
      state: 'queued',
      queue_reason: 'supplier_balance',
    });
    expect(moogoldCount(placed.order.id)).toBe(0);
    sup.moogold.control.faults({ balance: 10_000 });
    await claimQueued(deps(), placed.order.id, 'admin-a');
    expect(await completeQueued(deps(), placed.order.id, 'admin-a', 'GAME-TX-77')).toBe('completed');
    const order = await getOrder(db, placed.order.id);
    expect(order).toMatchObject({ status: 'completed', supplier_transaction_id: 'GAME-TX-77' });
    await expectWallet(u.userId, 50_000 - PRICE);
  });

  it('a crash between the supplier call and our write: the lease runs out, the inquiry completes it', async () => {
    const u = await buyer();
    const { variantId } = await seedFulfilledVariant(db, moogoldTopup, { price: PRICE });
    const crashing = async (name: 'unipin' | 'moogold'): Promise<Supplier> => ({
      ...sup.adapters[name],
      createTopup: async (r) => {
        await sup.adapters[name].createTopup(r);
        throw new Error('the Lambda died here');
      },
    });
    const placed = await orderFor(deps(crashing), u, variantId);
    expect(placed.order.status).toBe('processing');
    expect((await recordOf(db, placed.order.id))?.state).toBe('sending');
    expect(moogoldCount(placed.order.id)).toBe(1);
    // Before the lease ends the job leaves it alone; after, it inquires (never sends).
    await sweepFulfilment(deps());
    expect((await recordOf(db, placed.order.id))?.state).toBe('sending');
    clock.advance(61_000);
    await Promise.all([sweepFulfilment(deps()), sweepFulfilment(deps())]);
    expect((await getOrder(db, placed.order.id))?.status).toBe('completed');
    expect(moogoldCount(placed.order.id)).toBe(1);
  });

  it('duplicate job runs, two sweepers and a retried request on a record left pending_send: one order', async () => {
    const u = await buyer();
    const { variantId } = await seedFulfilledVariant(db, moogoldTopup, { price: PRICE });
    const key = `retry-${n}`;
    const placed = await orderFor(noDispatch(), u, variantId, { key });
    expect((await recordOf(db, placed.order.id))?.state).toBe('pending_send');
    clock.advance(31_000);
    // Counted as calls, not only as orders: the sandbox would fold a second create under the same
    // reference into the first, so only the calls show that one sender called.
    const creates = sup.moogold.control.calls('order/create_order');
    await Promise.all([
      sweepFulfilment(deps()),
      sweepFulfilment(deps()),
      orderFor(deps(), u, variantId, { key }),
      orderFor(deps(), u, variantId, { key }),
    ]);
    // MooGold answers its create without the order's state: a read-back that came too late leaves
    // it `sent`, settled by the next inquiry.
    clock.advance(20_000);
    await sweepFulfilment(deps());
    expect((await getOrder(db, placed.order.id))?.status).toBe('completed');
    expect(moogoldCount(placed.order.id)).toBe(1);
    expect(sup.moogold.control.calls('order/create_order') - creates).toBe(1);
    await expectWallet(u.userId, 50_000 - PRICE);
  });
});

describe('an order an admin moved by hand', () => {
  it('refunded on the Orders page while the supplier works: the job closes the record, the order stays refunded', async () => {
    const u = await buyer();
    const { variantId } = await seedFulfilledVariant(db, unipinTopup, { price: PRICE });
    sup.unipin.control.set({ pending: true });
    const placed = await orderFor(deps(), u, variantId);
    sup.unipin.control.set({ pending: false });
    expect((await recordOf(db, placed.order.id))?.state).toBe('sent');
    await setOrderStatus(deps(), placed.order.id, 'refunded');
    sup.unipin.control.complete(placed.order.id, 'completed');
    clock.advance(20_000);
    await sweepFulfilment(deps());
    const record = await recordOf(db, placed.order.id);
    expect(record).toMatchObject({ state: 'completed' });
    expect(record?.next_check_at).toBeUndefined();
    expect((await getOrder(db, placed.order.id))?.status).toBe('refunded');
    expect(await refundsOf(u.userId, placed.order.id)).toHaveLength(1);
    await expectWallet(u.userId, 50_000);
  });
});

describe('a supplier that cannot be set up', () => {
  it('its settings unreadable: the order waits for an operator, nothing sent, the money kept', async () => {
    const u = await buyer();
    const { variantId } = await seedFulfilledVariant(db, moogoldTopup, { price: PRICE });
    const broken = async (): Promise<Supplier> => {
      throw new Error('secret store down');
    };
    const placed = await orderFor(deps(broken), u, variantId);
    expect(await recordOf(db, placed.order.id)).toMatchObject({
      state: 'queued',
      queue_reason: 'supplier_unavailable',
    });
    expect(moogoldCount(placed.order.id)).toBe(0);
    await expectWallet(u.userId, 50_000 - PRICE);
  });
});

describe('an operator package', () => {
  it('goes straight to the queue, calls no supplier, and completes with the proof', async () => {
    const u = await buyer();
    const { variantId } = await seedFulfilledVariant(db, operatorFulfilment, { price: PRICE });
    const calls = () =>
      Object.values(sup.unipin.control.snapshot().calls).reduce((a, b) => a + b, 0) +
      sup.moogold.control.calls('order/create_order');
    const before = calls();
    const placed = await orderFor(deps(), u, variantId);
    expect(placed.order.status).toBe('processing');
    expect(await recordOf(db, placed.order.id)).toMatchObject({ state: 'queued', queue_reason: 'manual' });
    await expect(completeQueued(deps(), placed.order.id, 'admin-a', 'TX-1')).rejects.toThrow();
    await claimQueued(deps(), placed.order.id, 'admin-a');
    expect(await completeQueued(deps(), placed.order.id, 'admin-a', 'GAME-TX-9')).toBe('completed');
    expect(await getOrder(db, placed.order.id)).toMatchObject({
      status: 'completed',
      supplier_transaction_id: 'GAME-TX-9',
    });
    expect(calls()).toBe(before);
    await expectWallet(u.userId, 50_000 - PRICE);
  });
});

describe('codes from a supplier', () => {
  it('a stock variant backed by a supplier voucher: a stock code first, then one bought just in time', async () => {
    const u = await buyer();
    const jit = { ...moogoldVoucher, kind: 'stock' as const };
    const { variantId } = await seedFulfilledVariant(db, jit, { price: PRICE, codes: 1 });
    const stockBefore = sup.moogold.control.stock('3001');
    const first = await orderFor(deps(), u, variantId);
    expect(first.order.status).toBe('completed');
    expect(first.order.fulfilment).toBeUndefined();
    const second = await orderFor(deps(), u, variantId);
    expect(second.order).toMatchObject({ status: 'completed', fulfilment: { kind: 'supplier_voucher' } });
    expect(sup.moogold.control.stock('3001')).toBe(stockBefore - 1);
    const codes = await variantCodes(db, variantId);
    const bought = codes.find((c) => c.order_id === second.order.id);
    expect(bought).toMatchObject({ status: 'delivered', user_id: u.userId });
    expect(second.order.code_id).toBe(bought?.id);
    expect(moogoldCount(second.order.id)).toBe(1);
  });

  it('a refused voucher request refunds the buyer once', async () => {
    const u = await buyer();
    const { variantId } = await seedFulfilledVariant(db, moogoldVoucher, { price: PRICE });
    sup.moogold.control.faults({ refuse: 'Out of codes' });
    const placed = await orderFor(deps(), u, variantId);
    expect(placed.order.status).toBe('refunded');
    expect(await refundsOf(u.userId, placed.order.id)).toHaveLength(1);
    await expectWallet(u.userId, 50_000);
  });
});

describe('paid through the gateway', () => {
  it('an operator order failed while its refund to bKash was unknown is refunded in full once the gateway refused it', async () => {
    const u = await buyer(0);
    const { variantId } = await seedFulfilledVariant(db, operatorFulfilment, { price: PRICE });
    const placed = await orderFor(deps(), u, variantId, { method: 'bkash' });
    const invoice = invoiceOf(placed.paymentUrl!);
    await gw.sandbox.control.act(invoice, 'pay', { webhook: 'never' });
    await confirmInvoice(deps(), invoice);
    const orderId = placed.order.id;
    // The admin refunds it all to bKash; the gateway fails, so the refund is unknown and holds it all.
    const refundDeps = { db, now: clock.now, refundCall: () => refundCallFromConfig(db) };
    const refundAll = (destination: 'original' | 'wallet', requestId: string) =>
      refundOrder(refundDeps, {
        orderId,
        requestId,
        amount: PRICE,
        destination,
        reason: 'Buyer asked',
        adminId: 'admin-1',
      });
    gw.sandbox.control.queueRefundFaults({ kind: '5xx', applied: false });
    const unknown = await refundAll('original', `unknown-${orderId}`);
    expect(unknown.state).toBe('unknown');
    // The operator fails the order meanwhile: nothing the tally has not counted, nothing credited.
    await claimQueued(deps(), orderId, 'admin-1');
    expect(await failQueued(deps(), orderId, 'admin-1', 'the game is down')).toBe('refunded');
    await expectWallet(u.userId, 0);
    // The gateway's panel shows no refund: the buyer is owed all of it, and the admin gives it back.
    await confirmRefund(refundDeps, {
      orderId,
      refundId: unknown.id,
      outcome: 'refused',
      note: 'Not in the panel',
      adminId: 'admin-1',
    });
    const back = await refundAll('wallet', `back-${orderId}`);
    expect(back.state).toBe('sent');
    await expectWallet(u.userId, PRICE);
    expect((await getOrder(db, orderId))?.status).toBe('refunded');
  });

  it('paid after its code hold ended and the last code was sold: a supplier voucher instead of a refund', async () => {
    const [late, other] = [await buyer(0), await buyer()];
    const jit = { ...moogoldVoucher, kind: 'stock' as const };
    const { variantId } = await seedFulfilledVariant(db, jit, { price: PRICE, codes: 1 });
    const placed = await orderFor(deps(), late, variantId, { method: 'bkash' });
    expect(placed.order.code_id).toBeDefined();
    // The hold ends unpaid: the sweeper expires it and the code goes back, to be sold to another.
    clock.advance(20 * 60_000);
    await sweepPayments(deps());
    expect((await getOrder(db, placed.order.id))?.status).toBe('failed');
    expect((await orderFor(deps(), other, variantId)).order.fulfilment).toBeUndefined();
    const invoice = invoiceOf(placed.paymentUrl!);
    await gw.sandbox.control.act(invoice, 'pay', { webhook: 'never' });
    await confirmInvoice(deps(), invoice);
    const order = await getOrder(db, placed.order.id);
    expect(order).toMatchObject({ status: 'completed', fulfilment: { kind: 'supplier_voucher' } });
    const code = (await variantCodes(db, variantId)).find((c) => c.order_id === placed.order.id);
    expect(code).toMatchObject({ status: 'delivered', user_id: late.userId, id: order?.code_id });
    expect(moogoldCount(placed.order.id)).toBe(1);
    await expectWallet(late.userId, 0);
  });

  it('the payment sets processing and sends the top-up; a second confirmation sends nothing', async () => {
    const u = await buyer(0);
    const { variantId } = await seedFulfilledVariant(db, unipinTopup, { price: PRICE });
    const placed = await orderFor(deps(), u, variantId, { method: 'bkash' });
    expect(placed.order.status).toBe('pending');
    const invoice = invoiceOf(placed.paymentUrl!);
    await gw.sandbox.control.act(invoice, 'pay', { webhook: 'never' });
    await Promise.all([confirmInvoice(deps(), invoice), confirmInvoice(deps(), invoice)]);
    const order = await getOrder(db, placed.order.id);
    expect(order?.status).toBe('completed');
    expect(order?.paid_at).toBeDefined();
    expect(unipinCount(placed.order.id)).toBe(1);
    await expectWallet(u.userId, 0);
  });
});
