import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import type { OrderItem } from '../src/db/orders/order-items';
import { keys } from '../src/db/keys';
import { secondsToWindowEnd } from '../src/db/rate-limit';
import { RESELLER_RATE_LIMIT } from '../src/kit/reseller-access';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { expectBooksBalanced } from './audit-books';
import { setLookupHost } from '../src/clients/host-lookup';
import { testLookup } from './callback-target-table';
import { balanceOf, ledgerSum, seedProfile, seedVariant, startGateway } from './commerce-fixtures';
import { call, signed, type Signer } from './reseller-fixtures';

let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
const resellerA = customer(501);
const resellerB = customer(502);
const buyer = customer(503);
let wholesale: { productId: string; variantId: string };
let discounted: { productId: string; variantId: string };
let keyA: Signer;
let keyB: Signer;
const idem = () => `r-${Math.random().toString(36).slice(2)}`;
// The HMAC API's 401 keeps its shape; the reason lets a client translate it like the SPA does.
const INVALID = {
  error: { code: 'unauthorized', message: 'Invalid signature', reason: 'invalid_signature' },
};

async function makeReseller(user: { userId: string; email: string }, body: Record<string, unknown>) {
  const res = await invoke('adminPutReseller', { as: admin, params: { userId: user.userId }, body });
  expect(res.status).toBe(200);
  return res.body;
}

async function newKey(
  user: { userId: string; email: string },
  body: Record<string, unknown> = {},
): Promise<Signer> {
  const res = await invoke('resellerCreateKey', { as: user, body });
  expect(res.status).toBe(201);
  return { keyId: res.body.key.id, secret: res.body.secret };
}

const orderBody = (variantId: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ variant_id: variantId, player_uid: '12345678', ...extra });
const placeOrder = (key: Signer, body: string, idempotencyKey: string | null = idem()) =>
  call('resellerApiPlaceOrder', key, {
    body,
    headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {},
  });

beforeAll(async () => {
  db = await freshTable('reseller');
  gw = await startGateway(db);
  wholesale = await seedVariant(db, { price: 10_000, codes: 6 });
  discounted = await seedVariant(db, { price: 10_000, codes: 3, name: '50 Diamonds' });
  await seedProfile(db, resellerA, 30_000);
  await seedProfile(db, resellerB, 5_000);
  await seedProfile(db, buyer, 50_000);
  await makeReseller(resellerA, {
    prices: { [wholesale.variantId]: 8_000 },
    product_discounts: { [discounted.productId]: 15 },
  });
  await makeReseller(resellerB, {});
  keyA = await newKey(resellerA, { label: 'shop A' });
  keyB = await newKey(resellerB);
});
afterAll(async () => {
  if (db && gw) await expectBooksBalanced(db, gw.sandbox);
  await gw?.stop();
});

describe('reseller accounts (admin and self-service)', () => {
  it('only admins manage resellers; unknown users and catalogue ids are refused', async () => {
    const put = (as: typeof admin | typeof buyer, userId: string, body: Record<string, unknown>) =>
      invoke('adminPutReseller', { as, params: { userId }, body });
    expect((await put(buyer, buyer.userId, {})).status).toBe(403);
    expect((await invoke('adminListResellers', { as: buyer })).status).toBe(403);
    expect((await put(admin, 'nobody-here', {})).status).toBe(404);
    const unknown = await put(admin, buyer.userId, { prices: { 'no-such-variant': 100 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ 'prices.no-such-variant': 'Unknown variant' });
    expect((await put(admin, buyer.userId, { prices: { [wholesale.variantId]: 0 } })).status).toBe(400);
    expect((await put(admin, buyer.userId, { prices: { [wholesale.variantId]: 12.5 } })).status).toBe(400);
    expect(
      (await put(admin, buyer.userId, { product_discounts: { [discounted.productId]: 95 } })).status,
    ).toBe(400);
    const list = await invoke('adminListResellers', { as: admin });
    expect(list.body.items.map((r: { user_id: string }) => r.user_id).sort()).toEqual(
      [resellerA.userId, resellerB.userId].sort(),
    );
    const one = await invoke('adminGetReseller', { as: admin, params: { userId: resellerA.userId } });
    expect(one.body.keys).toHaveLength(1);
    expect(one.body.keys[0]).not.toHaveProperty('secret_hash');
  });

  it('a customer without a reseller account gets 403 on the self-service routes', async () => {
    const res = await invoke('resellerGetAccount', { as: buyer });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Reseller account required');
    expect((await invoke('resellerCreateKey', { as: buyer, body: {} })).status).toBe(403);
  });

  it('shows the price list, the keys (never a secret) and takes a callback URL', async () => {
    const res = await invoke('resellerGetAccount', { as: resellerA });
    expect(res.status).toBe(200);
    const row = (v: string) => res.body.prices.find((p: { variant_id: string }) => p.variant_id === v);
    expect(row(wholesale.variantId)).toMatchObject({ list_price: 10_000, price: 8_000 });
    expect(row(discounted.variantId)).toMatchObject({ list_price: 10_000, price: 8_500 });
    expect(JSON.stringify(res.body)).not.toContain(keyA.secret);
    const put = (url: string | null) =>
      invoke('resellerPutCallbackUrl', { as: resellerA, body: { callback_url: url } });
    expect((await put('ftp://example.com/x')).status).toBe(400);
    expect((await put('http://example.com/hook')).status).toBe(400);
    expect((await put('http://localhost:3300/hook')).status).toBe(200);
    // No DNS here: the name resolves through a test resolver (reseller-callback-targets.int.test.ts
    // has the addresses that are refused).
    setLookupHost(testLookup({ 'shop.example.com': ['93.184.216.34'] }));
    try {
      expect((await put('https://shop.example.com/hook')).body).toEqual({
        callback_url: 'https://shop.example.com/hook',
      });
    } finally {
      setLookupHost(undefined);
    }
  });

  it('refuses bad IP lists and a sixth active key', async () => {
    const u = customer(504);
    await seedProfile(db, u);
    await makeReseller(u, {});
    expect((await invoke('resellerCreateKey', { as: u, body: { allowed_ips: ['300.1.1.1'] } })).status).toBe(
      400,
    );
    const made = await Promise.all(
      Array.from({ length: 7 }, () => invoke('resellerCreateKey', { as: u, body: {} })),
    );
    expect(made.filter((r) => r.status === 201)).toHaveLength(5);
    expect(made.filter((r) => r.status === 422)).toHaveLength(2);
    const revoked = await invoke('resellerRevokeKey', {
      as: u,
      params: { keyId: made.find((r) => r.status === 201)!.body.key.id },
    });
    expect(revoked.body.key.status).toBe('revoked');
    expect((await invoke('resellerCreateKey', { as: u, body: {} })).status).toBe(201);
    // Another user's key is not theirs to revoke.
    expect((await invoke('resellerRevokeKey', { as: u, params: { keyId: keyA.keyId } })).status).toBe(404);
  });
});

describe('the signature', () => {
  it('a signed request works', async () => {
    const res = await call('resellerApiBalance', keyA);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ balance: 30_000, currency: 'BDT' });
    const catalog = await call('resellerApiCatalog', keyA);
    const variant = catalog.body.products
      .flatMap((p: { variants: Array<{ id: string }> }) => p.variants)
      .find((v: { id: string }) => v.id === wholesale.variantId);
    expect(variant).toMatchObject({ list_price: 10_000, price: 8_000, stock: 6 });
  });

  it('is refused without its headers, even with a customer token', async () => {
    const res = await invoke('resellerApiBalance', { as: resellerA });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  it('is refused when the body, path, method, timestamp or nonce is changed', async () => {
    const body = orderBody(wholesale.variantId);
    const now = Math.floor(Date.now() / 1000);
    const tampered = [
      { body, signBody: orderBody(discounted.variantId) },
      { body, signPath: '/api/reseller/v1/orders?x=1' },
      { body, signMethod: 'PUT' },
      { body, signTimestamp: now - 1 },
      // Well outside the 300 s window: a loaded machine may take seconds between `now` and the
      // request, and a timestamp of now + 301 would then be back inside it.
      { body, timestamp: now - 360 },
      { body, timestamp: now + 360 },
      { body, nonce: 'short' },
    ];
    for (const opts of tampered) {
      const res = await call('resellerApiPlaceOrder', keyA, {
        ...opts,
        headers: { 'Idempotency-Key': idem() },
      });
      expect(res.status, JSON.stringify(opts)).toBe(401);
      expect(res.body).toEqual(INVALID);
    }
    const query = await call('resellerApiListOrders', keyA, {
      query: { limit: '5' },
      signPath: '/api/reseller/v1/orders?limit=6',
    });
    expect(query.status).toBe(401);
    const changedNonce = signed('resellerApiBalance', keyA);
    const headers = { ...changedNonce.request.headers, 'X-Nonce': 'another-nonce-0123456789' };
    expect((await invoke('resellerApiBalance', { ...changedNonce.request, headers })).status).toBe(401);
    expect(await balanceOf(db, resellerA.userId)).toBe(30_000);
  });

  it('is refused when replayed verbatim', async () => {
    const once = signed('resellerApiBalance', keyA);
    expect((await once.send()).status).toBe(200);
    const again = await once.send();
    expect(again.status).toBe(401);
    expect(again.body).toEqual(INVALID);
  });

  it('is refused with a revoked key, and with the key of a reseller the admin stopped', async () => {
    const key = await newKey(resellerB);
    expect((await call('resellerApiBalance', key)).status).toBe(200);
    const revoked = await invoke('adminRevokeResellerKey', {
      as: admin,
      params: { userId: resellerB.userId, keyId: key.keyId },
    });
    expect(revoked.body.key.status).toBe('revoked');
    expect((await call('resellerApiBalance', key)).body).toEqual(INVALID);

    const u = customer(505);
    await seedProfile(db, u);
    await makeReseller(u, {});
    const stopped = await newKey(u);
    await makeReseller(u, { is_active: false });
    expect((await call('resellerApiBalance', stopped)).body).toEqual(INVALID);
    expect(
      (await call('resellerApiBalance', { keyId: 'rk_01NOSUCHKEY0000000000000000', secret: 'x' })).status,
    ).toBe(401);
    expect((await call('resellerApiBalance', { ...keyA, secret: keyB.secret })).status).toBe(401);
  });

  it('keeps to the IP allow-list', async () => {
    const key = await newKey(resellerA, { allowed_ips: ['10.0.0.0/8', '2001:db8::1'] });
    expect((await call('resellerApiBalance', key, { sourceIp: '10.20.30.40' })).status).toBe(200);
    expect((await call('resellerApiBalance', key, { sourceIp: '2001:db8::1' })).status).toBe(200);
    const outside = await call('resellerApiBalance', key, { sourceIp: '192.168.1.10' });
    expect(outside.status).toBe(403);
    expect(outside.body.error.message).toBe('IP address not allowed');
    await invoke('resellerRevokeKey', { as: resellerA, params: { keyId: key.keyId } });
  });

  it('limits each key: 429 with Retry-After', async () => {
    const key = await newKey(resellerB);
    // Start well inside a window so the counter below and the request share it.
    if (secondsToWindowEnd(RESELLER_RATE_LIMIT, new Date()) < 5)
      await new Promise((r) => setTimeout(r, 5_000));
    const windowStart = Math.floor(Date.now() / 1000 / 60) * 60;
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.rateLimit('rkey', key.keyId, String(windowStart)), type: 'rate_limit', count: 60 },
      }),
    );
    const res = await call('resellerApiBalance', key);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('too_many_requests');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await call('resellerApiBalance', keyB)).status).toBe(200); // another key is not limited
    await invoke('resellerRevokeKey', { as: resellerB, params: { keyId: key.keyId } });
  });
});

describe('reseller orders', () => {
  let first: { id: string; code: string };

  it('needs an Idempotency-Key and refuses promo codes', async () => {
    expect((await placeOrder(keyA, orderBody(wholesale.variantId), null)).status).toBe(400);
    const promo = await placeOrder(keyA, orderBody(wholesale.variantId, { promo_code: 'SALE10' }));
    expect(promo.status).toBe(400);
    expect(await balanceOf(db, resellerA.userId)).toBe(30_000);
  });

  it('is priced from the price list (wholesale), paid from the wallet, with the code in the answer', async () => {
    const res = await placeOrder(keyA, orderBody(wholesale.variantId));
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({
      status: 'completed',
      total_amount: 8_000,
      payment_method: 'wallet',
    });
    expect(res.body.order.code).toMatch(/\S/);
    expect(res.body.balance).toBe(22_000);
    expect(await balanceOf(db, resellerA.userId)).toBe(22_000);
    expect(await ledgerSum(db, resellerA.userId)).toBe(22_000);
    const stored = (
      await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.order(res.body.order.id) }))
    ).Item as OrderItem;
    expect(stored).toMatchObject({
      reseller_id: resellerA.userId,
      reseller_key_id: keyA.keyId,
      user_id: resellerA.userId,
    });
    first = { id: res.body.order.id, code: res.body.order.code };
  });

  it('a product discount prices the variant (15% off, rounded down)', async () => {
    const res = await placeOrder(keyA, orderBody(discounted.variantId));
    expect(res.status).toBe(201);
    expect(res.body.order.total_amount).toBe(8_500);
    expect(await balanceOf(db, resellerA.userId)).toBe(13_500);
  });

  it('the same Idempotency-Key answers the same order; another body with it is 422', async () => {
    const key = idem();
    const a = await placeOrder(keyA, orderBody(wholesale.variantId), key);
    const b = await placeOrder(keyA, orderBody(wholesale.variantId), key);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.order.id).toBe(a.body.order.id);
    expect(b.body.order.code).toBe(a.body.order.code);
    expect(await balanceOf(db, resellerA.userId)).toBe(5_500);
    const other = await placeOrder(keyA, orderBody(discounted.variantId), key);
    expect(other.status).toBe(422);
  });

  it('insufficient balance is 422 and nothing moves', async () => {
    const res = await placeOrder(keyA, orderBody(wholesale.variantId));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('insufficient_balance');
    expect(await balanceOf(db, resellerA.userId)).toBe(5_500);
  });

  it("a key never reaches another reseller's or a customer's orders", async () => {
    const own = await call('resellerApiGetOrder', keyA, { params: { id: first.id } });
    expect(own.status).toBe(200);
    expect(own.body.order.code).toBe(first.code);
    const other = await call('resellerApiGetOrder', keyB, { params: { id: first.id } });
    expect(other.status).toBe(404);
    const bought = await invoke('placeOrder', {
      as: buyer,
      body: { variant_id: wholesale.variantId, player_uid: '12345678', payment_method: 'wallet' },
      headers: { 'Idempotency-Key': idem() },
    });
    expect(bought.status).toBe(201);
    expect((await call('resellerApiGetOrder', keyA, { params: { id: bought.body.order.id } })).status).toBe(
      404,
    );
    const listA = await call('resellerApiListOrders', keyA, { query: { limit: '2' } });
    expect(listA.status).toBe(200);
    expect(listA.body.items).toHaveLength(2);
    const next = await call('resellerApiListOrders', keyA, {
      query: { limit: '2', cursor: listA.body.cursor },
    });
    const ids = [...listA.body.items, ...next.body.items].map((o: { id: string }) => o.id);
    expect(ids).toHaveLength(3);
    expect(ids).toContain(first.id);
    expect(ids).not.toContain(bought.body.order.id);
    const listB = await call('resellerApiListOrders', keyB);
    expect(listB.body.items).toEqual([]);
    // A cursor of A's list is foreign to B's.
    expect((await call('resellerApiListOrders', keyB, { query: { cursor: listA.body.cursor } })).status).toBe(
      400,
    );
  });

  it('the list and the single order give the same code, field for field', async () => {
    const listed = await call('resellerApiListOrders', keyA, { query: { limit: '100' } });
    expect(listed.status).toBe(200);
    expect(listed.body.items.length).toBeGreaterThan(0);
    for (const item of listed.body.items as Array<{ id: string; status: string; code: string | null }>) {
      const one = await call('resellerApiGetOrder', keyA, { params: { id: item.id } });
      expect(one.status).toBe(200);
      expect(item).toEqual(one.body.order);
    }
    const completed = listed.body.items.find((o: { id: string }) => o.id === first.id);
    expect(completed.code).toBe(first.code);
  });
});
