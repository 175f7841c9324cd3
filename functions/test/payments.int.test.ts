import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { getOrder } from '../src/db/orders/order-items';
import { getPayment } from '../src/db/payments/payment-items';
import { releaseHeldCodeWrites } from '../src/db/stock/code-transitions';
import { transact } from '../src/db/transact';
import { gatewayFromConfig } from '../src/clients/uddoktapay';
import { sweep } from '../src/handlers/jobs/sweep-reservations';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import {
  API_KEY,
  balanceOf,
  invoiceOf,
  ledgerSum,
  seedProfile,
  seedVariant,
  startGateway,
  variantCodes,
  variantStock,
} from './commerce-fixtures';
import { expectBooksBalanced } from './audit-books';
import { timeKey } from '../src/db/keys';
import { duePayments } from '../src/db/payments/payment-queue';
import { idsInEveryShard, putItems, rawPayment } from './list-fixtures';

let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
const key = () => `k-${Math.random().toString(36).slice(2)}`;
const webhook = (invoice_id: string, apiKey: string | null = API_KEY) =>
  invoke('paymentWebhook', {
    body: { invoice_id, status: 'COMPLETED', amount: '99999.00' },
    headers: apiKey ? { 'RT-UDDOKTAPAY-API-KEY': apiKey } : {},
  });

beforeAll(async () => {
  db = await freshTable('payments');
  gw = await startGateway(db);
});
afterAll(async () => {
  if (db && gw) await expectBooksBalanced(db, gw.sandbox); // the shop-wide check after the file
  await gw?.stop();
});

async function gatewayOrder(n: number, opts: { price?: number; codes?: number } = {}) {
  const u = customer(n);
  await seedProfile(db, u, 0);
  const v = await seedVariant(db, { price: opts.price ?? 12000, codes: opts.codes ?? 1 });
  const res = await invoke('placeOrder', {
    as: u,
    headers: { 'Idempotency-Key': key() },
    body: { variant_id: v.variantId, player_uid: '123456789', payment_method: 'rocket' },
  });
  expect(res.status).toBe(201);
  return { u, ...v, orderId: res.body.order.id as string, invoice: invoiceOf(res.body.payment_url) };
}

const deliveredTo = async (variantId: string, orderId: string) =>
  (await variantCodes(db, variantId)).filter((c) => c.status === 'delivered' && c.order_id === orderId)
    .length;

describe('webhook', () => {
  it('refuses a wrong or missing API key and writes nothing', async () => {
    const o = await gatewayOrder(100);
    await gw.sandbox.control.act(o.invoice, 'pay', { webhook: 'never' });
    expect((await webhook(o.invoice, 'wrong-key')).status).toBe(401);
    expect((await webhook(o.invoice, null)).status).toBe(401);
    expect((await getOrder(db, o.orderId))?.status).toBe('pending');
  });

  it('replayed 100 times in a row and 20 times at once delivers once', async () => {
    const o = await gatewayOrder(101, { codes: 3 });
    await gw.sandbox.control.act(o.invoice, 'pay', { webhook: 'never' });
    for (let i = 0; i < 100; i++) expect((await webhook(o.invoice)).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 20 }, () => webhook(o.invoice)));
    expect(burst.every((r) => r.status === 200)).toBe(true);
    expect(await deliveredTo(o.variantId, o.orderId)).toBe(1);
    expect((await variantCodes(db, o.variantId)).filter((c) => c.status === 'delivered')).toHaveLength(1);
    expect(await variantStock(db, o.productId, o.variantId)).toBe(2);
    expect((await getOrder(db, o.orderId))?.status).toBe('completed');
  });

  it('a top-up webhook replayed 20 times at once credits once', async () => {
    const u = customer(102);
    await seedProfile(db, u, 0);
    const res = await invoke('createTopup', { as: u, body: { amount: 50000, payment_method: 'bkash' } });
    expect(res.status).toBe(201);
    const invoice = invoiceOf(res.body.payment_url);
    await gw.sandbox.control.act(invoice, 'pay', { webhook: 'never' });
    await Promise.all(Array.from({ length: 20 }, () => webhook(invoice)));
    for (let i = 0; i < 100; i++) await webhook(invoice);
    expect(await balanceOf(db, u.userId)).toBe(50000);
    expect(await ledgerSum(db, u.userId)).toBe(50000);
  });

  it('confirm and webhook racing settle once (the sandbox sends its webhook twice too)', async () => {
    const o = await gatewayOrder(103, { codes: 2 });
    await gw.sandbox.control.act(o.invoice, 'pay', { webhook: 'twice' });
    const results = await Promise.all([
      invoke('confirmPayment', { as: o.u, body: { invoice_id: o.invoice } }),
      webhook(o.invoice),
      invoke('confirmPayment', { as: o.u, body: { invoice_id: o.invoice } }),
      webhook(o.invoice),
    ]);
    await gw.sandbox.control.webhooksSettled();
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await deliveredTo(o.variantId, o.orderId)).toBe(1);
    expect(await variantStock(db, o.productId, o.variantId)).toBe(1);
  });

  it('an open order whose code is no longer held for it settles as a late payment', async () => {
    // The first attempt trusts an open order's hold and skips reading the code; the delivery's
    // condition must refuse it and the next attempt read the code and claim another.
    const o = await gatewayOrder(105, { codes: 2 });
    const held = (await getOrder(db, o.orderId))!;
    await transact(db, await releaseHeldCodeWrites(db, held, new Date().toISOString()));
    expect((await getOrder(db, o.orderId))?.status).toBe('pending');
    expect(await variantStock(db, o.productId, o.variantId)).toBe(2);
    await gw.sandbox.control.act(o.invoice, 'pay', { webhook: 'never' });
    expect((await webhook(o.invoice)).body.status).toBe('completed');
    const order = await getOrder(db, o.orderId);
    expect(order?.status).toBe('completed');
    expect(await deliveredTo(o.variantId, o.orderId)).toBe(1);
    const delivered = (await variantCodes(db, o.variantId)).find((c) => c.status === 'delivered');
    expect(delivered?.id).toBe(order?.code_id);
    expect(await variantStock(db, o.productId, o.variantId)).toBe(1);
  });

  it('a payment below the total goes to review and delivers nothing', async () => {
    const o = await gatewayOrder(104, { price: 12000 });
    await gw.sandbox.control.act(o.invoice, 'pay', { webhook: 'never', paidAmount: '100.00' });
    expect((await webhook(o.invoice)).body.status).toBe('review');
    const order = await getOrder(db, o.orderId);
    expect(order?.status).toBe('processing');
    expect((await getPayment(db, order!.payment_id!))?.status).toBe('review');
    expect(await deliveredTo(o.variantId, o.orderId)).toBe(0);
    // The operator accepts it: completing the order hands over the held code.
    const done = await invoke('adminSetOrderStatus', {
      as: admin,
      params: { id: o.orderId },
      body: { status: 'completed' },
    });
    expect(done.body.order.status).toBe('completed');
    expect(await deliveredTo(o.variantId, o.orderId)).toBe(1);
  });
});

describe('sweeper', () => {
  const later = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);
  const deps = (minutes: number) => ({ db, now: later(minutes), gateway: () => gatewayFromConfig(db) });

  it('releases an unpaid hold, then a late payment claims another code', async () => {
    const o = await gatewayOrder(110, { codes: 2 });
    await sweep(deps(31));
    const expired = await getOrder(db, o.orderId);
    expect(expired?.status).toBe('failed');
    expect(expired?.failure_reason).toBe('expired');
    expect(await variantStock(db, o.productId, o.variantId)).toBe(2);
    await gw.sandbox.control.act(o.invoice, 'pay', { webhook: 'never' });
    await webhook(o.invoice);
    await webhook(o.invoice);
    expect((await getOrder(db, o.orderId))?.status).toBe('completed');
    expect(await deliveredTo(o.variantId, o.orderId)).toBe(1);
    expect(await variantStock(db, o.productId, o.variantId)).toBe(1);
  });

  it('a late payment with no code left credits the wallet and refunds the order', async () => {
    const o = await gatewayOrder(111, { price: 9900, codes: 1 });
    await sweep(deps(31));
    // Someone else buys the released code.
    const buyer = customer(112);
    await seedProfile(db, buyer, 9900);
    const bought = await invoke('placeOrder', {
      as: buyer,
      headers: { 'Idempotency-Key': key() },
      body: { variant_id: o.variantId, player_uid: '123456789', payment_method: 'wallet' },
    });
    expect(bought.body.order.status).toBe('completed');
    await gw.sandbox.control.act(o.invoice, 'pay', { webhook: 'never' });
    await Promise.all([
      webhook(o.invoice),
      webhook(o.invoice),
      invoke('confirmPayment', { as: o.u, body: { invoice_id: o.invoice } }),
    ]);
    expect((await getOrder(db, o.orderId))?.status).toBe('refunded');
    expect(await balanceOf(db, o.u.userId)).toBe(9900);
    expect(await ledgerSum(db, o.u.userId)).toBe(9900);
  });

  it('PENDING at the gateway keeps the hold; COMPLETED found by the sweeper settles', async () => {
    const o = await gatewayOrder(113);
    await gw.sandbox.control.act(o.invoice, 'pending', { webhook: 'never' });
    const r1 = await sweep(deps(31));
    expect(r1.extended).toBeGreaterThanOrEqual(1);
    expect((await getOrder(db, o.orderId))?.status).toBe('pending');
    await gw.sandbox.control.resolvePending(o.invoice, 'COMPLETED', { webhook: 'never' });
    await sweep(deps(62));
    expect((await getOrder(db, o.orderId))?.status).toBe('completed');
    expect(await deliveredTo(o.variantId, o.orderId)).toBe(1);
  });

  it('PENDING for more than 24 hours expires', async () => {
    const o = await gatewayOrder(114);
    await gw.sandbox.control.act(o.invoice, 'pending', { webhook: 'never' });
    await sweep(deps(25 * 60));
    expect((await getOrder(db, o.orderId))?.status).toBe('failed');
    expect(await variantStock(db, o.productId, o.variantId)).toBe(1);
  });

  it('finds due payments in every partition of its queue, oldest first, past a page of 100', async () => {
    // 112 abandoned top-ups (7 per partition) due since 2020, four to a second: the oldest of all.
    const ids = idsInEveryShard('due-payment', 7);
    const dueAt = (i: number) => new Date(Date.UTC(2020, 0, 1) + Math.floor(i / 4) * 1000).toISOString();
    await putItems(
      db,
      ids.map((id, i) => rawPayment(id, dueAt(i), { status: 'pending', nextCheckAt: dueAt(i) })),
    );
    const expected = ids.map((id, i) => timeKey(dueAt(i), id)).sort();

    const read: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await duePayments(db, new Date(), after);
      expect(page.items.length).toBeLessThanOrEqual(100);
      read.push(...page.items.map((p) => timeKey(p.next_check_at!, p.id)));
      after = page.next;
      pages++;
    } while (after);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(new Set(read).size).toBe(read.length);
    expect(read.slice(0, expected.length)).toEqual(expected);

    // A limited run takes the oldest; the next run the rest, in every partition.
    const now = () => new Date();
    const first = await sweep({ db, now, gateway: () => gatewayFromConfig(db) }, { limit: 30 });
    expect(first.checked).toBe(30);
    const status = async () => Promise.all(ids.map(async (id) => (await getPayment(db, id))?.status));
    const after30 = await status();
    const oldest = new Set(expected.slice(0, 30).map((k) => k.slice(k.indexOf('#') + 1)));
    expect(ids.filter((id, i) => after30[i] === 'failed').sort()).toEqual([...oldest].sort());
    await sweep({ db, now, gateway: () => gatewayFromConfig(db) });
    expect(new Set(await status())).toEqual(new Set(['failed']));
  });
});
