import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { getOrder } from '../src/db/orders/order-items';
import { getPayment } from '../src/db/payments/payment-items';
import { keys } from '../src/db/keys';
import { createUddoktaPayClient, gatewayFromConfig } from '../src/clients/uddoktapay';
import { sweep } from '../src/handlers/jobs/sweep-reservations';
import { freshTable } from '../../test/db';
import { admin, customer, invoke, type ItemOf } from '../../test/invoke';
import { expectBooksBalanced } from './audit-books';
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

/**
 * The money holes of issue 12, each reproduced against the real handlers, DynamoDB Local and the
 * sandbox gateway. After the file, the books must balance shop-wide (audit-books.ts).
 */
let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
let n = 9000;
const key = () => `k-${Math.random().toString(36).slice(2)}`;
const webhook = (invoice_id: string) =>
  invoke('paymentWebhook', { body: { invoice_id }, headers: { 'RT-UDDOKTAPAY-API-KEY': API_KEY } });
const confirm = (as: { userId: string; email: string }, invoice_id: string) =>
  invoke('confirmPayment', { as, body: { invoice_id } });
const orderBody = (variant_id: string, payment_method = 'bkash') => ({
  variant_id,
  player_uid: '123456789',
  payment_method,
});

beforeAll(async () => {
  db = await freshTable('money');
  gw = await startGateway(db);
});
afterAll(async () => {
  if (db && gw) await expectBooksBalanced(db, gw.sandbox);
  await gw?.stop();
});

async function buyer(balance = 0) {
  const u = customer(n++);
  await seedProfile(db, u, balance);
  return u;
}

async function gatewayOrder(opts: { price?: number; codes?: number } = {}) {
  const u = await buyer();
  const v = await seedVariant(db, { price: opts.price ?? 1500, codes: opts.codes ?? 2 });
  const res = await invoke('placeOrder', {
    as: u,
    headers: { 'Idempotency-Key': key() },
    body: orderBody(v.variantId),
  });
  expect(res.status).toBe(201);
  const order = res.body.order;
  return {
    u,
    ...v,
    orderId: order.id as string,
    paymentId: order.payment_id as string,
    invoice: invoiceOf(res.body.payment_url),
  };
}

const invoicesOf = (paymentId: string) =>
  gw.sandbox.control.invoices().filter((i) => i.metadata.payment_id === paymentId);
const deliveredTo = async (variantId: string, orderId: string) =>
  (await variantCodes(db, variantId)).filter((c) => c.status === 'delivered' && c.order_id === orderId)
    .length;

/** An invoice made with the shop's gateway key outside the shop's checkout, naming one of our payments. */
async function foreignInvoice(metadata: Record<string, string>, amount: number) {
  const client = createUddoktaPayClient({
    baseUrl: gw.sandbox.url,
    apiKey: API_KEY,
    webhookUrl: gw.webhookUrl,
  });
  const { paymentUrl } = await client.createCharge({
    fullName: 'Someone',
    email: 'someone@example.com',
    amount,
    metadata,
    redirectUrl: 'http://x/ok',
    cancelUrl: 'http://x/no',
  });
  return invoiceOf(paymentUrl);
}

describe('one invoice per payment (Idempotency-Key)', () => {
  it('20 concurrent retries of one key make one order and one gateway invoice', async () => {
    const u = await buyer();
    // More codes than retries: no twin ever finds every code locked by the others (that race, a
    // retry told Out of stock during a sell-out while its twin's order goes through, is not this test's).
    const v = await seedVariant(db, { price: 1500, codes: 25 });
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        invoke('placeOrder', { as: u, headers: { 'Idempotency-Key': k }, body: orderBody(v.variantId) }),
      ),
    );
    const ok = results.filter((r) => r.status === 201);
    expect(ok.length).toBeGreaterThan(0);
    expect(invoicesOf(ok[0]!.body.order.payment_id)).toHaveLength(1);
    expect(new Set(ok.map((r) => r.body.order.id)).size).toBe(1);
    expect(new Set(ok.map((r) => r.body.payment_url)).size).toBe(1);
    for (const r of results.filter((r) => r.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('idempotency_in_progress');
      expect(r.headers['retry-after']).toBeDefined();
    }
    expect(await variantStock(db, v.productId, v.variantId)).toBe(24);
    // A later retry of the same key gets the same checkout.
    const again = await invoke('placeOrder', {
      as: u,
      headers: { 'Idempotency-Key': k },
      body: orderBody(v.variantId),
    });
    expect(again.body.payment_url).toBe(ok[0]!.body.payment_url);
  });

  it('the same key with another body is refused with 422 and changes nothing', async () => {
    const u = await buyer(10_000);
    const v = await seedVariant(db, { price: 1500, codes: 3 });
    const k = key();
    expect(
      (
        await invoke('placeOrder', {
          as: u,
          headers: { 'Idempotency-Key': k },
          body: orderBody(v.variantId, 'wallet'),
        })
      ).status,
    ).toBe(201);
    const other = await invoke('placeOrder', {
      as: u,
      headers: { 'Idempotency-Key': k },
      body: { ...orderBody(v.variantId, 'wallet'), player_uid: '999999999' },
    });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    expect(await balanceOf(db, u.userId)).toBe(8500);
    expect(await variantStock(db, v.productId, v.variantId)).toBe(2);
  });
});

describe('every paid taka is accounted for', () => {
  it('two paid invoices for one payment: one code, the second invoice credited to the wallet', async () => {
    const o = await gatewayOrder();
    const second = await foreignInvoice(
      { order_id: o.orderId, payment_id: o.paymentId, kind: 'order' },
      1500,
    );
    for (const invoice of [o.invoice, second])
      await gw.sandbox.control.act(invoice, 'pay', { webhook: 'never' });
    const answers = await Promise.all([
      confirm(o.u, second),
      confirm(o.u, o.invoice),
      webhook(second),
      webhook(o.invoice),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect((await getOrder(db, o.orderId))?.status).toBe('completed');
    expect(await deliveredTo(o.variantId, o.orderId)).toBe(1);
    expect(await balanceOf(db, o.u.userId)).toBe(1500);
    expect(await ledgerSum(db, o.u.userId)).toBe(1500);
    const payments = await invoke('adminListPayments', { as: admin });
    const unexpected = payments.body.items.filter(
      (p: ItemOf<'adminListPayments'>) => p.kind === 'unexpected' && p.user_id === o.u.userId,
    );
    expect(unexpected).toHaveLength(1);
    expect(unexpected[0]).toMatchObject({
      amount: 1500,
      status: 'completed',
      invoice_id: second,
      order_id: o.orderId,
    });
    expect(unexpected[0].note).toMatch(/second invoice/i);
  });

  it('a ৳1 foreign invoice naming a ৳15 payment changes no order, and the genuine payment then settles', async () => {
    const o = await gatewayOrder({ price: 1500 });
    const foreign = await foreignInvoice(
      { order_id: o.orderId, payment_id: o.paymentId, kind: 'order' },
      100,
    );
    await gw.sandbox.control.act(foreign, 'pay', { webhook: 'never' });
    expect((await webhook(foreign)).status).toBe(200);
    expect((await confirm(o.u, foreign)).status).toBe(200);
    expect((await getOrder(db, o.orderId))?.status).toBe('pending');
    expect((await getPayment(db, o.paymentId))?.status).toBe('pending');
    expect(await balanceOf(db, o.u.userId)).toBe(100); // the ৳1 is the payer's, in the wallet

    await gw.sandbox.control.act(o.invoice, 'pay', { webhook: 'never' });
    expect((await confirm(o.u, o.invoice)).body.order.status).toBe('completed');
    expect(await deliveredTo(o.variantId, o.orderId)).toBe(1);
    expect(await balanceOf(db, o.u.userId)).toBe(100);
  });

  it('an overpaid invoice completes the order and credits the difference once', async () => {
    const o = await gatewayOrder({ price: 1500 });
    await gw.sandbox.control.act(o.invoice, 'pay', { webhook: 'never', paidAmount: '20.00' });
    await Promise.all([webhook(o.invoice), webhook(o.invoice), confirm(o.u, o.invoice)]);
    expect((await getOrder(db, o.orderId))?.status).toBe('completed');
    expect(await balanceOf(db, o.u.userId)).toBe(500);
    expect(await ledgerSum(db, o.u.userId)).toBe(500);
  });

  it('an invoice the gateway does not know is a 404 on confirm and on the webhook', async () => {
    const u = await buyer();
    const confirmed = await confirm(u, 'no-such-invoice-123');
    expect(confirmed.status).toBe(404);
    expect((await webhook('no-such-invoice-123')).status).toBe(404);
  });

  it('a gateway that cannot be reached is a 502 with Retry-After, and the hold is released', async () => {
    const u = await buyer();
    const v = await seedVariant(db, { price: 1500, codes: 1 });
    const saved = process.env.GATEWAY_BASE_URL;
    await gw.pointAt('http://127.0.0.1:1');
    try {
      const res = await invoke('placeOrder', {
        as: u,
        headers: { 'Idempotency-Key': key() },
        body: orderBody(v.variantId),
      });
      expect(res.status).toBe(502);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await variantStock(db, v.productId, v.variantId)).toBe(1);
    } finally {
      await gw.pointAt();
      process.env.GATEWAY_BASE_URL = saved;
    }
  });
});

describe('limits on holds', () => {
  it('a customer holds at most 2 unpaid gateway orders; the next gets 429 with Retry-After', async () => {
    const u = await buyer();
    const v = await seedVariant(db, { price: 1500, codes: 10 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        invoke('placeOrder', { as: u, headers: { 'Idempotency-Key': key() }, body: orderBody(v.variantId) }),
      ),
    );
    // Every answer with its message, so a refusal of another kind says which it was.
    expect(results.map((r) => `${r.status} ${r.body.error?.message ?? ''}`.trim()).sort()).toEqual([
      '201',
      '201',
      '429 You have unpaid orders: pay or cancel them first',
      '429 You have unpaid orders: pay or cancel them first',
      '429 You have unpaid orders: pay or cancel them first',
    ]);
    const accepted = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 429);
    for (const r of refused) {
      expect(r.body.error).toMatchObject({
        code: 'unpaid_orders',
        message: 'You have unpaid orders: pay or cancel them first',
      });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(r.body.error.fields.order_ids.split(',').sort()).toEqual(
        accepted.map((a) => a.body.order.id).sort(),
      );
    }
    expect(await variantStock(db, v.productId, v.variantId)).toBe(8);
    // The wallet is not limited.
    await seedProfile(db, { userId: `${u.userId}-w`, email: 'w@example.com' }, 0);

    // Cancelling one gives its code back at once and frees a slot.
    const cancelled = await invoke('cancelOrder', { as: u, params: { id: accepted[0]!.body.order.id } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order).toMatchObject({ status: 'failed', failure_reason: 'cancelled' });
    expect(await variantStock(db, v.productId, v.variantId)).toBe(9);
    const next = await invoke('placeOrder', {
      as: u,
      headers: { 'Idempotency-Key': key() },
      body: orderBody(v.variantId),
    });
    expect(next.status).toBe(201);
    // Paying one frees its slot too.
    await gw.sandbox.control.act(invoiceOf(next.body.payment_url), 'pay', { webhook: 'never' });
    await confirm(u, invoiceOf(next.body.payment_url));
    expect(
      (
        await invoke('placeOrder', {
          as: u,
          headers: { 'Idempotency-Key': key() },
          body: orderBody(v.variantId),
        })
      ).status,
    ).toBe(201);
  });

  it('a slot whose order left pending outside the shop (data changed by hand) does not block the buyer', async () => {
    const u = await buyer();
    const v = await seedVariant(db, { price: 1500, codes: 5 });
    const place = () =>
      invoke('placeOrder', { as: u, headers: { 'Idempotency-Key': key() }, body: orderBody(v.variantId) });
    const first = await place();
    expect((await place()).status).toBe(201);
    expect((await place()).status).toBe(429);
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.order(first.body.order.id),
        UpdateExpression: 'SET #s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': 'failed' },
      }),
    );
    expect((await place()).status).toBe(201);
    expect((await place()).status).toBe(429);
  });

  it('only the owner cancels, and only an unpaid order; an order paid a moment ago is settled instead', async () => {
    const o = await gatewayOrder();
    const stranger = await buyer();
    expect((await invoke('cancelOrder', { as: stranger, params: { id: o.orderId } })).status).toBe(404);
    await gw.sandbox.control.act(o.invoice, 'pay', { webhook: 'never' });
    const late = await invoke('cancelOrder', { as: o.u, params: { id: o.orderId } });
    expect(late.status).toBe(409);
    expect((await getOrder(db, o.orderId))?.status).toBe('completed');
    expect((await invoke('cancelOrder', { as: o.u, params: { id: o.orderId } })).status).toBe(409);
  });
});

describe('paid means delivered, with no webhook and no return page', () => {
  const at = (created: number, minutes: number) => () => new Date(created + minutes * 60_000);
  const deps = (now: () => Date) => ({ db, now, gateway: () => gatewayFromConfig(db) });

  it('the sweeper asks every minute while the hold lasts: paid at minute 3, delivered by minute 4', async () => {
    const created = Date.now();
    const o = await gatewayOrder();
    for (const minute of [1, 2, 3]) {
      await sweep(deps(at(created, minute + 0.05)));
      expect((await getOrder(db, o.orderId))?.status).toBe('pending');
    }
    await gw.sandbox.control.act(o.invoice, 'pay', { webhook: 'never' });
    await sweep(deps(at(created, 4.05)));
    expect((await getOrder(db, o.orderId))?.status).toBe('completed');
    expect(await deliveredTo(o.variantId, o.orderId)).toBe(1);
  });

  it('an unpaid hold ends after 15 minutes: code back, order failed expired', async () => {
    const created = Date.now();
    const o = await gatewayOrder({ codes: 1 });
    await sweep(deps(at(created, 14.5)));
    expect((await getOrder(db, o.orderId))?.status).toBe('pending');
    await sweep(deps(at(created, 15.1)));
    expect(await getOrder(db, o.orderId)).toMatchObject({ status: 'failed', failure_reason: 'expired' });
    expect(await variantStock(db, o.productId, o.variantId)).toBe(1);
  });

  it('a top-up paid with no webhook is credited by the sweeper', async () => {
    const created = Date.now();
    const u = await buyer();
    const res = await invoke('createTopup', { as: u, body: { amount: 5000, payment_method: 'nagad' } });
    await gw.sandbox.control.act(invoiceOf(res.body.payment_url), 'pay', { webhook: 'never' });
    await sweep(deps(at(created, 1.05)));
    expect(await balanceOf(db, u.userId)).toBe(5000);
  });
});
