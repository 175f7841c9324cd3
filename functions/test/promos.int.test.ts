import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { getOrder } from '../src/db/orders/order-items';
import { getPayment } from '../src/db/payments/payment-items';
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
} from './commerce-fixtures';
import { expectBooksBalanced } from './audit-books';
import { createPromo, expectCountersMatchOrders, promoCounters } from './promos-fixtures';
import { setClock } from '../src/runtime/clock';

let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
let v: { productId: string; variantId: string }; // ৳100.00
let other: { productId: string; variantId: string }; // ৳50.00
let n = 2000;
const nextUser = () => customer(n++);
const key = () => `k-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  db = await freshTable('promos');
  gw = await startGateway(db);
  v = await seedVariant(db, { price: 10_000, codes: 30 });
  other = await seedVariant(db, { price: 5_000, codes: 5, name: '50 Diamonds' });
});
afterAll(async () => {
  if (db && gw) await expectBooksBalanced(db, gw.sandbox);
  await gw?.stop();
});

const terms = (over: Record<string, unknown> = {}) => ({
  discount_type: 'percent',
  discount_value: 10,
  ...over,
});
const quote = (code: string, variantId = v.variantId, as = nextUser()) =>
  invoke('quotePromo', { as, body: { code, variant_id: variantId } });
const order = (as: { userId: string; email: string }, promo_code: string | undefined, method = 'wallet') =>
  invoke('placeOrder', {
    as,
    headers: { 'Idempotency-Key': key() },
    body: { variant_id: v.variantId, player_uid: '123456789', payment_method: method, promo_code },
  });
const refusal = (r: { status: number; body: { error?: { message: string } } }) =>
  `${r.status} ${r.body.error?.message}`;

describe('admin promos', () => {
  it('creates upper case, refuses a taken code with 409, validates, lists, updates all but the code', async () => {
    const made = await invoke('adminCreatePromo', { as: admin, body: { code: ' eid-25 ', ...terms() } });
    expect(made.status).toBe(201);
    expect(made.body.promo).toMatchObject({
      code: 'EID-25',
      uses: 0,
      discount_given: 0,
      scope: { type: 'all' },
    });
    const again = await invoke('adminCreatePromo', { as: admin, body: { code: 'Eid-25', ...terms() } });
    expect(refusal(again)).toBe('409 Promo code already exists');
    const bad = await invoke('adminCreatePromo', {
      as: admin,
      body: { code: 'X!', ...terms({ discount_value: 150 }) },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(['code', 'discount_value']));
    const put = await invoke('adminUpdatePromo', {
      as: admin,
      params: { code: 'eid-25' },
      body: { ...terms({ discount_type: 'fixed', discount_value: 2_000 }), max_uses: 5, code: 'OTHER' },
    });
    expect(put.status).toBe(200);
    expect(put.body.promo).toMatchObject({ code: 'EID-25', discount_type: 'fixed', max_uses: 5 });
    expect(
      (await invoke('adminUpdatePromo', { as: admin, params: { code: 'NOPE' }, body: terms() })).status,
    ).toBe(404);
    const list = await invoke('adminListPromos', { as: admin });
    expect(list.body.items.map((p: { code: string }) => p.code)).toContain('EID-25');
    expect((await invoke('adminGetPromo', { as: admin, params: { code: 'NOPE' } })).status).toBe(404);
    expect((await invoke('adminListPromos', { as: customer(1) })).status).toBe(403);
  });
});

describe('quote', () => {
  it('percent and fixed, with the ৳1 floor', async () => {
    await createPromo({ code: 'Q-PCT', ...terms({ discount_value: 15 }) });
    await createPromo({ code: 'Q-FIX', discount_type: 'fixed', discount_value: 2_500 });
    await createPromo({ code: 'Q-ALL', discount_type: 'percent', discount_value: 100 });
    await createPromo({ code: 'Q-BIG', discount_type: 'fixed', discount_value: 1_000_000 });
    expect((await quote('q-pct')).body).toEqual({
      code: 'Q-PCT',
      list_amount: 10_000,
      discount_amount: 1_500,
      total_amount: 8_500,
    });
    expect((await quote('Q-FIX')).body).toMatchObject({ discount_amount: 2_500, total_amount: 7_500 });
    expect((await quote('Q-ALL')).body).toMatchObject({ discount_amount: 9_900, total_amount: 100 });
    expect((await quote('Q-BIG', other.variantId)).body).toMatchObject({
      discount_amount: 4_900,
      total_amount: 100,
    });
  });

  it('each refusal says why (422)', async () => {
    const hour = 3_600_000;
    await createPromo({ code: 'Q-OFF', ...terms(), is_active: false });
    await createPromo({ code: 'Q-OLD', ...terms(), ends_at: new Date(Date.now() - hour).toISOString() });
    await createPromo({ code: 'Q-SOON', ...terms(), starts_at: new Date(Date.now() + hour).toISOString() });
    await createPromo({ code: 'Q-PROD', ...terms(), scope: { type: 'products', ids: [other.productId] } });
    await createPromo({ code: 'Q-VAR', ...terms(), scope: { type: 'variants', ids: [other.variantId] } });
    await createPromo({ code: 'Q-MIN', ...terms(), min_order: 7_550 });
    expect(refusal(await quote('NO-SUCH'))).toBe('422 Invalid promo code');
    expect(refusal(await quote('Q-OFF'))).toBe('422 Invalid promo code');
    expect(refusal(await quote('Q-OLD'))).toBe('422 This promo code has expired');
    expect(refusal(await quote('Q-SOON'))).toBe('422 This promo code is not active yet');
    expect(refusal(await quote('Q-PROD'))).toBe('422 This promo code does not apply to this package');
    expect(refusal(await quote('Q-VAR'))).toBe('422 This promo code does not apply to this package');
    expect((await quote('Q-PROD', other.variantId)).status).toBe(200);
    expect((await quote('Q-VAR', other.variantId)).status).toBe(200);
    expect(refusal(await quote('Q-MIN', other.variantId))).toBe('422 Minimum order for this code is ৳75.50');
    expect((await quote('Q-MIN')).status).toBe(200);
    expect((await quote('bad code!')).status).toBe(400);
    expect(refusal(await quote('Q-MIN', 'no-such-variant'))).toBe('404 Variant not found');

    await createPromo({ code: 'Q-ONCE', ...terms(), max_uses: 1 });
    await createPromo({ code: 'Q-MINE', ...terms(), max_uses_per_customer: 1 });
    const a = nextUser();
    const b = nextUser();
    await seedProfile(db, a, 50_000);
    expect((await order(a, 'Q-ONCE')).status).toBe(201);
    expect((await order(a, 'Q-MINE')).status).toBe(201);
    expect(refusal(await quote('Q-ONCE', v.variantId, b))).toBe('422 This promo code has been fully used');
    expect(refusal(await quote('Q-MINE', v.variantId, a))).toBe('422 You have already used this promo code');
    expect((await quote('Q-MINE', v.variantId, b)).status).toBe(200);
  });

  it('20 quotes a minute per customer, then 429 with Retry-After', async () => {
    const u = nextUser();
    // All 21 in one minute's window, however slow the machine: the handlers' clock stands still
    // in the middle of the current minute (a window that turned meanwhile let the 21st through).
    const midMinute = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
    setClock(() => new Date(midMinute));
    try {
      const answers = [];
      for (let i = 0; i < 21; i++) answers.push(await quote('NO-SUCH', v.variantId, u));
      expect(answers.slice(0, 20).every((r) => r.status === 422)).toBe(true);
      expect(answers[20]!.status).toBe(429);
      expect(Number(answers[20]!.headers['retry-after'])).toBeGreaterThan(0);
      expect((await quote('NO-SUCH')).status).toBe(422); // another customer is not held up
    } finally {
      setClock(undefined);
    }
  });
});

describe('orders with a promo code', () => {
  it('wallet: pays the discounted total; balance, ledger and the admin stats agree', async () => {
    await createPromo({ code: 'WALLET-20', ...terms({ discount_value: 20 }) });
    const u = nextUser();
    await seedProfile(db, u, 20_000);
    const placed = await order(u, 'wallet-20');
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({
      status: 'completed',
      promo_code: 'WALLET-20',
      list_amount: 10_000,
      discount_amount: 2_000,
      total_amount: 8_000,
    });
    expect(placed.body.balance).toBe(12_000);
    expect(await balanceOf(db, u.userId)).toBe(12_000);
    expect(await ledgerSum(db, u.userId)).toBe(12_000);
    const stats = await invoke('adminGetPromo', { as: admin, params: { code: 'wallet-20' } });
    expect(stats.body.promo).toMatchObject({ uses: 1, discount_given: 2_000 });
    expect(stats.body.orders.items).toEqual([
      expect.objectContaining({
        id: placed.body.order.id,
        user_email: u.email,
        variant_name: '100 Diamonds',
        list_amount: 10_000,
        discount_amount: 2_000,
        total_amount: 8_000,
        status: 'completed',
      }),
    ]);
    await expectCountersMatchOrders(db, 'WALLET-20');
  });

  it('a refused code moves nothing; the same key with another code is 422', async () => {
    const u = nextUser();
    await seedProfile(db, u, 20_000);
    expect(refusal(await order(u, 'NOT-A-CODE'))).toBe('422 Invalid promo code');
    expect(await balanceOf(db, u.userId)).toBe(20_000);
    await createPromo({ code: 'KEY-A', ...terms() });
    const k = key();
    const body = { variant_id: v.variantId, player_uid: '123456789', payment_method: 'wallet' };
    const first = await invoke('placeOrder', {
      as: u,
      headers: { 'Idempotency-Key': k },
      body: { ...body, promo_code: 'KEY-A' },
    });
    expect(first.status).toBe(201);
    const other = await invoke('placeOrder', { as: u, headers: { 'Idempotency-Key': k }, body });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    const same = await invoke('placeOrder', {
      as: u,
      headers: { 'Idempotency-Key': k },
      body: { ...body, promo_code: 'KEY-A' },
    });
    expect(same.body.order.id).toBe(first.body.order.id);
    expect((await promoCounters(db, 'KEY-A')).uses).toBe(1);
  });

  it('gateway: charges the discounted total and completes when paid', async () => {
    await createPromo({ code: 'GW-FIX', discount_type: 'fixed', discount_value: 3_000 });
    const u = nextUser();
    await seedProfile(db, u, 0);
    const placed = await order(u, 'GW-FIX', 'bkash');
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({
      status: 'pending',
      total_amount: 7_000,
      discount_amount: 3_000,
    });
    const payment = await getPayment(db, placed.body.order.payment_id);
    expect(payment?.amount).toBe(7_000);
    const invoice = invoiceOf(placed.body.payment_url);
    await gw.sandbox.control.act(invoice, 'pay', { webhook: 'never' });
    const hook = await invoke('paymentWebhook', {
      body: { invoice_id: invoice, status: 'COMPLETED', amount: '70.00' },
      headers: { 'RT-UDDOKTAPAY-API-KEY': API_KEY },
    });
    expect(hook.status).toBe(200);
    expect((await getOrder(db, placed.body.order.id))?.status).toBe('completed');
    expect(await promoCounters(db, 'GW-FIX')).toMatchObject({ uses: 1, discount: 3_000 });
    await expectCountersMatchOrders(db, 'GW-FIX');
  });
});

describe('give back and refunds', () => {
  it('a cancelled and an expired gateway order give their use back', async () => {
    await createPromo({
      code: 'BACK-2',
      ...terms({ discount_value: 50 }),
      max_uses: 2,
      max_uses_per_customer: 1,
    });
    const a = nextUser();
    const b = nextUser();
    await seedProfile(db, a, 0);
    await seedProfile(db, b, 0);
    const oa = await order(a, 'BACK-2', 'nagad');
    const ob = await order(b, 'BACK-2', 'rocket');
    expect([oa.status, ob.status]).toEqual([201, 201]);
    expect(await promoCounters(db, 'BACK-2')).toMatchObject({ uses: 2, discount: 10_000 });
    expect(refusal(await quote('BACK-2'))).toBe('422 This promo code has been fully used');

    const cancelled = await invoke('cancelOrder', { as: a, params: { id: oa.body.order.id } });
    expect(cancelled.body.order.status).toBe('failed');
    expect(await promoCounters(db, 'BACK-2')).toMatchObject({ uses: 1, discount: 5_000 });
    expect((await promoCounters(db, 'BACK-2')).perCustomer[a.userId]).toBe(0);

    await sweep({ db, now: () => new Date(Date.now() + 31 * 60_000), gateway: () => gatewayFromConfig(db) });
    expect((await getOrder(db, ob.body.order.id))?.failure_reason).toBe('expired');
    expect(await promoCounters(db, 'BACK-2')).toMatchObject({ uses: 0, discount: 0 });
    // The use is free again, for the buyer who gave it back too.
    expect((await quote('BACK-2', v.variantId, a)).status).toBe(200);
    await expectCountersMatchOrders(db, 'BACK-2');
  });

  it('a refund credits what was paid, not the list price, and keeps the use', async () => {
    await createPromo({ code: 'REFUND-30', ...terms({ discount_value: 30 }) });
    const u = nextUser();
    await seedProfile(db, u, 10_000);
    const placed = await order(u, 'REFUND-30');
    expect(await balanceOf(db, u.userId)).toBe(3_000);
    const refunded = await invoke('adminSetOrderStatus', {
      as: admin,
      params: { id: placed.body.order.id },
      body: { status: 'refunded' },
    });
    expect(refunded.body.order.status).toBe('refunded');
    expect(await balanceOf(db, u.userId)).toBe(10_000);
    expect(await ledgerSum(db, u.userId)).toBe(10_000);
    expect(await promoCounters(db, 'REFUND-30')).toMatchObject({ uses: 1, discount: 3_000 });
  });

  it('an operator failing an order gives the use back; bringing it back counts it again', async () => {
    await createPromo({ code: 'OPS-1', ...terms(), max_uses: 1 });
    const u = nextUser();
    await seedProfile(db, u, 10_000);
    const placed = await order(u, 'OPS-1');
    const set = (status: string) =>
      invoke('adminSetOrderStatus', { as: admin, params: { id: placed.body.order.id }, body: { status } });
    await set('failed');
    expect((await promoCounters(db, 'OPS-1')).uses).toBe(0);
    await set('completed');
    expect((await promoCounters(db, 'OPS-1')).uses).toBe(1);
    await expectCountersMatchOrders(db, 'OPS-1');
  });
});
