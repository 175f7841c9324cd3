import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { getOrder } from '../src/db/orders/order-items';
import { writePlayerLookup } from '../src/db/players/lookup-config';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { addCodes, seedProfile } from './commerce-fixtures';
import { startNotifier, type Notifier } from './notifier-fixture';
import { call, type Signer } from './reseller-fixtures';

/**
 * Products say what they need and what they give (DESIGN 11): the admin sets the account fields
 * and the redeem help, the order is checked against the stored product, the receipt shows the
 * product's own steps and link, and Verify follows the provider chosen in API Setup.
 */
let db: Db;
let notifier: Notifier;
const buyer = customer(701);
const key = () => `k-${Math.random().toString(36).slice(2)}`;

const GIFT = {
  name: 'Google Play Gift Card',
  account_fields: 'none',
  redeem_steps: ['Open the Play Store', 'Tap Redeem code and paste the code'],
  redeem_url: 'https://play.google.com/redeem',
};
const FREE_FIRE = {
  name: 'Free Fire Diamonds',
  account_fields: 'player_uid',
  uid_pattern: '\\d{9,10}',
  uid_message: 'Free Fire UIDs have 9 or 10 digits',
};
const MLBB = { name: 'Mobile Legends', account_fields: 'player_uid_zone', zone_label: 'Server ID' };

/** A product through the admin route, with one variant and codes to sell. */
async function sellable(body: Record<string, unknown>, codes = 6) {
  const product = await invoke('adminCreateProduct', { as: admin, body });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const variant = await invoke('adminCreateVariant', {
    as: admin,
    body: { product_id: product.body.product.id, name: 'Pack', price: 10_000 },
  });
  expect(variant.status).toBe(201);
  await addCodes(db, product.body.product.id, variant.body.variant.id, codes);
  return { productId: product.body.product.id as string, variantId: variant.body.variant.id as string };
}

const order = (body: Record<string, unknown>, as = buyer) =>
  invoke('placeOrder', {
    as,
    body: { payment_method: 'wallet', ...body },
    headers: { 'Idempotency-Key': key() },
  });

let gift: { productId: string; variantId: string };
let freeFire: { productId: string; variantId: string };
let mlbb: { productId: string; variantId: string };

beforeAll(async () => {
  db = await freshTable('product-kinds', { stream: true });
  notifier = await startNotifier(db);
  await seedProfile(db, buyer, 200_000);
  gift = await sellable(GIFT);
  freeFire = await sellable(FREE_FIRE);
  mlbb = await sellable(MLBB);
});
afterAll(async () => {
  await notifier?.stop();
});

describe('the admin sets a product kind', () => {
  it('stores the account fields and redeem help; the public answers carry them', async () => {
    const product = await invoke('getProduct', { params: { id: gift.productId } });
    expect(product.status).toBe(200);
    expect(product.body.product).toMatchObject({
      account_fields: 'none',
      redeem_steps: GIFT.redeem_steps,
      redeem_url: GIFT.redeem_url,
    });
    const catalog = await invoke('getCatalog');
    const ff = catalog.body.products.find((p: { id: string }) => p.id === freeFire.productId);
    expect(ff).toMatchObject({ account_fields: 'player_uid', uid_pattern: '\\d{9,10}', redeem_steps: [] });
    const updated = await invoke('adminUpdateProduct', {
      as: admin,
      params: { id: mlbb.productId },
      body: { ...MLBB, redeem_url: 'https://m.mobilelegends.com/redeem' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.product).toMatchObject({
      account_fields: 'player_uid_zone',
      zone_label: 'Server ID',
      redeem_url: 'https://m.mobilelegends.com/redeem',
    });
  });

  it('refuses a bad pattern, a link that is not https and an unknown kind (400, nothing written)', async () => {
    const before = (await invoke('adminListProducts', { as: admin })).body.items.length;
    const badPattern = await invoke('adminCreateProduct', {
      as: admin,
      body: { name: 'X', account_fields: 'player_uid', uid_pattern: '(\\d+' },
    });
    expect(badPattern.status).toBe(400);
    expect(badPattern.body.error.fields.uid_pattern).toBe('Not a valid regular expression');
    const http = await invoke('adminCreateProduct', {
      as: admin,
      body: { name: 'X', redeem_url: 'http://example.com/redeem' },
    });
    expect(http.status).toBe(400);
    expect(http.body.error.fields.redeem_url).toBe('Redeem link must be an https:// address');
    const kind = await invoke('adminCreateProduct', {
      as: admin,
      body: { name: 'X', account_fields: 'email' },
    });
    expect(kind.status).toBe(400);
    expect((await invoke('adminListProducts', { as: admin })).body.items).toHaveLength(before);
  });

  it("a product stored before kinds asks for the spec's Player UID", async () => {
    const plain = await sellable({ name: 'Old product' });
    const product = await invoke('getProduct', { params: { id: plain.productId } });
    expect(product.body.product).toMatchObject({ account_fields: 'player_uid', uid_pattern: null });
    const bad = await order({ variant_id: plain.variantId, player_uid: '1234' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Please enter a valid game Player UID (8-12 digits)');
  });
});

describe('orders follow the product (checked on the server)', () => {
  it('a gift card is bought with no Player UID, and any UID sent is not stored', async () => {
    const placed = await order({ variant_id: gift.variantId });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order).toMatchObject({ status: 'completed', player_uid: '' });
    const read = await invoke('getOrder', { as: buyer, params: { id: placed.body.order.id } });
    expect(read.body.order.code).toMatch(/^CODE-/);
    const withUid = await order({ variant_id: gift.variantId, player_uid: '99' });
    expect(withUid.status).toBe(201);
    expect(withUid.body.order.player_uid).toBe('');
  });

  it("a game's order needs its UID and is refused with the product's own message", async () => {
    const none = await order({ variant_id: freeFire.variantId });
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toEqual({ player_uid: 'Please enter Player UID' });
    // 8 digits pass the spec's rule but not this game's.
    const bad = await order({ variant_id: freeFire.variantId, player_uid: '12345678' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      message: 'Free Fire UIDs have 9 or 10 digits',
      fields: { player_uid: 'Free Fire UIDs have 9 or 10 digits' },
    });
    const good = await order({ variant_id: freeFire.variantId, player_uid: '123456789' });
    expect(good.status).toBe(201);
    expect(good.body.order.player_uid).toBe('123456789');
  });

  it('a zone product needs the zone, by its label, and stores it on the order', async () => {
    const noZone = await order({ variant_id: mlbb.variantId, player_uid: '12345678' });
    expect(noZone.status).toBe(400);
    expect(noZone.body.error.fields).toEqual({ player_zone: 'Please enter Server ID' });
    const placed = await order({ variant_id: mlbb.variantId, player_uid: '12345678', player_zone: '2041' });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ player_uid: '12345678', player_zone: '2041' });
    expect((await getOrder(db, placed.body.order.id))?.player_zone).toBe('2041');
    const read = await invoke('getOrder', { as: buyer, params: { id: placed.body.order.id } });
    expect(read.body.order.player_zone).toBe('2041');
  });

  it('the reseller API follows the product too', async () => {
    const reseller = customer(702);
    await seedProfile(db, reseller, 100_000);
    expect(
      (await invoke('adminPutReseller', { as: admin, params: { userId: reseller.userId }, body: {} })).status,
    ).toBe(200);
    const created = await invoke('resellerCreateKey', { as: reseller, body: {} });
    const signer: Signer = { keyId: created.body.key.id, secret: created.body.secret };
    const place = (body: Record<string, unknown>) =>
      call('resellerApiPlaceOrder', signer, {
        body: JSON.stringify(body),
        headers: { 'Idempotency-Key': key() },
      });
    const giftCard = await place({ variant_id: gift.variantId });
    expect(giftCard.status, JSON.stringify(giftCard.body)).toBe(201);
    expect(giftCard.body.order.player_uid).toBe('');
    const noUid = await place({ variant_id: freeFire.variantId });
    expect(noUid.status).toBe(400);
    expect(noUid.body.error.fields).toEqual({ player_uid: 'Please enter Player UID' });
    const badUid = await place({ variant_id: freeFire.variantId, player_uid: '12345678' });
    expect(badUid.body.error.message).toBe('Free Fire UIDs have 9 or 10 digits');
    const zone = await place({ variant_id: mlbb.variantId, player_uid: '12345678', player_zone: '77' });
    expect(zone.status).toBe(201);
    expect(zone.body.order.player_zone).toBe('77');
  });
});

describe('the receipt', () => {
  it("shows the product's own redeem steps and official link", async () => {
    const u = customer(703);
    await seedProfile(db, u, 50_000);
    const placed = await order({ variant_id: gift.variantId }, u);
    expect(placed.status).toBe(201);
    await notifier.poller.drained();
    const receipts = notifier.mail.messages({ to: u.email }).filter((m) => m.subject.startsWith('Your code'));
    expect(receipts).toHaveLength(1);
    const text = receipts[0]!.text;
    expect(text).toContain('1. Open the Play Store');
    expect(text).toContain('2. Tap Redeem code and paste the code');
    expect(text).toContain('https://play.google.com/redeem');
    expect(text).not.toContain('Player UID');
    expect(text).not.toContain("Open the game's or the card's official redeem page");
  });
});

describe('player lookup is a provider chosen in API Setup', () => {
  it('with none configured, Verify refuses and the product page is told to ask for the UID twice', async () => {
    const page = await invoke('getProduct', { params: { id: freeFire.productId } });
    expect(page.body.player_lookup).toBe(false);
    const lookup = await invoke('lookupPlayer', { body: { player_uid: '123456789' }, sourceIp: '10.9.0.1' });
    expect(lookup.status).toBe(422);
    expect(lookup.body.error.message).toMatch(/not available/);
    expect((await invoke('adminGetPlayerLookup', { as: admin })).body).toEqual({
      provider: 'none',
      updated_at: null,
    });
  });

  it("the admin chooses 'simulation': Verify finds a player; only admins may choose", async () => {
    expect(
      (await invoke('adminSavePlayerLookup', { as: buyer, body: { provider: 'simulation' } })).status,
    ).toBe(403);
    expect((await invoke('adminSavePlayerLookup', { as: admin, body: { provider: 'magic' } })).status).toBe(
      400,
    );
    const saved = await invoke('adminSavePlayerLookup', { as: admin, body: { provider: 'simulation' } });
    expect(saved.status).toBe(200);
    expect(saved.body.config.provider).toBe('simulation');
    const lookup = await invoke('lookupPlayer', { body: { player_uid: '123456789' }, sourceIp: '10.9.0.2' });
    expect(lookup.status).toBe(200);
    expect(lookup.body.player.provider).toBe('simulation');
    // A later product read (past the handler's short cache) says Verify is offered.
    await writePlayerLookup(db, 'simulation', new Date().toISOString());
    const page = await invoke('getProduct', { params: { id: mlbb.productId } });
    expect(page.body.player_lookup).toBe(true);
  });
});
