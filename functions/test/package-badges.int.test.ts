import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { setClock } from '../src/runtime/clock';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { addCodes, invoiceOf, seedProfile, startGateway } from './commerce-fixtures';

/**
 * Best value, honestly (issue 35): a package's units, unit name and face value are the admin's to
 * write; the product page gets the server's price per unit, 'Best value' and 'Popular' (completed
 * orders of the last 7 Dhaka days, counted in the order's own transaction).
 */
let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
const buyer = customer(3501);
const key = () => `k-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  db = await freshTable('package-badges');
  gw = await startGateway(db);
  await seedProfile(db, buyer, 10_000_000);
});
afterAll(async () => {
  await gw?.stop();
});
afterEach(() => setClock(undefined));

async function product(name: string) {
  const res = await invoke('adminCreateProduct', { as: admin, body: { name, account_fields: 'none' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.product.id as string;
}

async function variant(productId: string, body: Record<string, unknown>, codes = 10) {
  const res = await invoke('adminCreateVariant', { as: admin, body: { product_id: productId, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (codes > 0) await addCodes(db, productId, res.body.variant.id, codes);
  return res.body.variant.id as string;
}

const page = async (productId: string) => {
  const res = await invoke('getProduct', { params: { id: productId } });
  expect(res.status).toBe(200);
  return new Map<string, Record<string, unknown>>(
    res.body.product.variants.map((v: { id: string }) => [v.id, v]),
  );
};

const buy = (variantId: string, payment_method = 'wallet') =>
  invoke('placeOrder', {
    as: buyer,
    headers: { 'Idempotency-Key': key() },
    body: { variant_id: variantId, payment_method },
  });

describe("a package's units and face value", () => {
  it('only an admin writes them; the admin list and the product page carry them', async () => {
    const productId = await product('Free Fire Units');
    const body = {
      product_id: productId,
      name: '100 Diamonds',
      price: 8_500,
      units: 100,
      unit_name: 'diamond',
      unit_name_bn: 'ডায়মন্ড',
    };
    expect((await invoke('adminCreateVariant', { body })).status).toBe(401);
    expect((await invoke('adminCreateVariant', { as: buyer, body })).status).toBe(403);
    const id = await variant(productId, body);
    const listed = await invoke('adminListVariants', { as: admin });
    expect(listed.body.items.find((v: { id: string }) => v.id === id)).toMatchObject({
      units: 100,
      unit_name: 'diamond',
      unit_name_bn: 'ডায়মন্ড',
      face_value: null,
    });
    expect((await page(productId)).get(id)).toMatchObject({
      units: 100,
      unit_name: 'diamond',
      unit_price: 85,
    });

    const update = { ...body, units: 110, unit_name: 'gem', face_value: 9_000 };
    expect((await invoke('adminUpdateVariant', { as: buyer, params: { id }, body: update })).status).toBe(
      403,
    );
    const updated = await invoke('adminUpdateVariant', { as: admin, params: { id }, body: update });
    expect(updated.status).toBe(200);
    expect(updated.body.variant).toMatchObject({ units: 110, unit_name: 'gem', face_value: 9_000 });
    // 8500 / 110 = 77.27 poisha: rounded by the server, never by the page.
    expect((await page(productId)).get(id)).toMatchObject({ unit_price: 77, face_value: 9_000 });

    // Cleared: null means none again.
    const cleared = await invoke('adminUpdateVariant', {
      as: admin,
      params: { id },
      body: { ...body, units: null, unit_name: '', face_value: null },
    });
    expect(cleared.body.variant).toMatchObject({ units: null, unit_name: null, face_value: null });
    expect((await page(productId)).get(id)).toMatchObject({ unit_price: null, best_value: false });
  });

  it('refuses counts and values that are not whole and positive, and units without their name', async () => {
    const productId = await product('Refusals');
    const base = { product_id: productId, name: 'Pack', price: 1_000 };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ units: 0, unit_name: 'UC' }, 'units', 'Units must be a whole number from 1 to 10000000'],
      [{ units: 2.5, unit_name: 'UC' }, 'units', 'Units must be a whole number from 1 to 10000000'],
      [{ units: '60', unit_name: 'UC' }, 'units', 'Units must be a whole number from 1 to 10000000'],
      [{ units: 60 }, 'unit_name', 'Please enter the unit name (e.g. diamond)'],
      [{ units: 60, unit_name: '   ' }, 'unit_name', 'Please enter the unit name (e.g. diamond)'],
      [{ face_value: -500 }, 'face_value', 'Please enter a valid face value'],
      [{ face_value: 499.5 }, 'face_value', 'Please enter a valid face value'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await invoke('adminCreateVariant', { as: admin, body: { ...base, ...extra } });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.error.fields?.[field], JSON.stringify(res.body)).toBe(message);
    }
  });
});

describe('Best value', () => {
  it('goes to the lowest price per unit among packages in stock, only with two to compare', async () => {
    const productId = await product('PUBG Best');
    const small = await variant(productId, { name: '60 UC', price: 9_500, units: 60, unit_name: 'UC' });
    const mid = await variant(productId, { name: '325 UC', price: 45_000, units: 325, unit_name: 'UC' });
    // Cheapest per unit, but nobody can buy it now.
    const empty = await variant(productId, { name: '660 UC', price: 80_000, units: 660, unit_name: 'UC' }, 0);
    const noUnits = await variant(productId, { name: 'Royale Pass', price: 1_000 });
    const shown = await page(productId);
    expect(shown.get(small)).toMatchObject({ unit_price: 158, best_value: false });
    expect(shown.get(mid)).toMatchObject({ unit_price: 138, best_value: true });
    expect(shown.get(empty)).toMatchObject({ unit_price: 121, best_value: false });
    expect(shown.get(noUnits)).toMatchObject({ unit_price: null, best_value: false });

    const lone = await product('One counted');
    const only = await variant(lone, { name: '60 UC', price: 9_500, units: 60, unit_name: 'UC' });
    await variant(lone, { name: 'Pass', price: 500 });
    expect((await page(lone)).get(only)).toMatchObject({ best_value: false });
  });
});

describe('Popular', () => {
  it('comes from the last 7 days of completed orders, however they completed', async () => {
    const productId = await product('Popular Game');
    const a = await variant(productId, { name: 'A', price: 1_000 }, 20);
    const b = await variant(productId, { name: 'B', price: 2_000 }, 20);

    // Eight days ago B sold five times: outside the window.
    const eightDaysAgo = Date.now() - 8 * 86_400_000;
    setClock(() => new Date(eightDaysAgo));
    for (let i = 0; i < 5; i++) expect((await buy(b)).status).toBe(201);
    setClock(undefined);
    let shown = await page(productId);
    expect([shown.get(a)?.popular, shown.get(b)?.popular]).toEqual([false, false]);

    // Today: A twice by wallet, once through the gateway (paid, confirmed) = 3, the minimum.
    for (let i = 0; i < 2; i++) expect((await buy(a)).status).toBe(201);
    shown = await page(productId);
    expect(shown.get(a)?.popular).toBe(false);
    const gateway = await buy(a, 'bkash');
    expect(gateway.status).toBe(201);
    const invoice = invoiceOf(gateway.body.payment_url);
    await gw.sandbox.control.act(invoice, 'pay', { webhook: 'never' });
    expect((await invoke('confirmPayment', { as: buyer, body: { invoice_id: invoice } })).status).toBe(200);
    shown = await page(productId);
    expect([shown.get(a)?.popular, shown.get(b)?.popular]).toEqual([true, false]);

    // B: two wallet orders today, and one an operator completes after it failed; moving it out of
    // completed and back does not count it again.
    for (let i = 0; i < 2; i++) expect((await buy(b)).status).toBe(201);
    const pending = await buy(b, 'nagad');
    const id = pending.body.order.id as string;
    const setStatus = (status: string) =>
      invoke('adminSetOrderStatus', { as: admin, params: { id }, body: { status } });
    expect((await setStatus('completed')).status).toBe(200);
    shown = await page(productId);
    // 3 and 3: both sold as well as the other.
    expect([shown.get(a)?.popular, shown.get(b)?.popular]).toEqual([true, true]);
    expect((await setStatus('processing')).status).toBe(200);
    expect((await setStatus('completed')).status).toBe(200);
    expect((await buy(a)).status).toBe(201);
    shown = await page(productId);
    expect([shown.get(a)?.popular, shown.get(b)?.popular]).toEqual([true, false]);
  });
});
