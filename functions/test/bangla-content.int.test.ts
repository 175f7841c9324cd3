import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { addCodes, seedProfile } from './commerce-fixtures';

/**
 * The admin's Bangla content (DESIGN 11, issue 17): optional Bangla versions of product, variant
 * and page texts, stored on the items and carried by the public answers and the buyer's order
 * views; empty means none (null / []), never an empty string the SPA would show.
 */
let db: Db;
const buyer = customer(1701);

const PRODUCT = {
  name: 'Free Fire Diamonds',
  description: 'Diamond codes',
  name_bn: '  ফ্রি ফায়ার ডায়মন্ড ',
  description_bn: 'ডায়মন্ড কোড',
  account_fields: 'player_uid',
  uid_message: 'Free Fire UIDs have 9 or 10 digits',
  uid_message_bn: 'Free Fire UID ৯ বা ১০ সংখ্যার',
  redeem_steps: ['Open the redeem site', 'Paste the code'],
  redeem_steps_bn: ['রিডিম সাইট খুলুন', ' ', 'কোডটি পেস্ট করুন'],
  uid_help: ['Tap your avatar'],
  uid_help_bn: ['আপনার অ্যাভাটারে ট্যাপ করুন'],
};

beforeAll(async () => {
  db = await freshTable('bangla-content');
  await seedProfile(db, buyer, 100_000);
});

describe('Bangla content fields', () => {
  let productId: string;
  let variantId: string;

  it('the admin saves a product and a variant with Bangla fields; the public answers carry them', async () => {
    const product = await invoke('adminCreateProduct', { as: admin, body: PRODUCT });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    productId = product.body.product.id;
    expect(product.body.product).toMatchObject({
      name_bn: 'ফ্রি ফায়ার ডায়মন্ড',
      description_bn: 'ডায়মন্ড কোড',
      uid_message_bn: PRODUCT.uid_message_bn,
      redeem_steps_bn: ['রিডিম সাইট খুলুন', 'কোডটি পেস্ট করুন'],
      uid_help_bn: PRODUCT.uid_help_bn,
    });
    const variant = await invoke('adminCreateVariant', {
      as: admin,
      body: { product_id: productId, name: '100 Diamonds', name_bn: '১০০ ডায়মন্ড', price: 9_000 },
    });
    expect(variant.status).toBe(201);
    variantId = variant.body.variant.id;
    expect(variant.body.variant).toMatchObject({ name_bn: '১০০ ডায়মন্ড', description_bn: null });
    await addCodes(db, productId, variantId, 3);

    const pub = await invoke('getProduct', { params: { id: productId } });
    expect(pub.body.product).toMatchObject({
      name: 'Free Fire Diamonds',
      name_bn: 'ফ্রি ফায়ার ডায়মন্ড',
      description_bn: 'ডায়মন্ড কোড',
      redeem_steps_bn: ['রিডিম সাইট খুলুন', 'কোডটি পেস্ট করুন'],
      uid_help_bn: PRODUCT.uid_help_bn,
      uid_message_bn: PRODUCT.uid_message_bn,
    });
    expect(pub.body.product.variants[0]).toMatchObject({ name: '100 Diamonds', name_bn: '১০০ ডায়মন্ড' });
    const catalog = await invoke('getCatalog');
    const listed = catalog.body.products.find((p: { id: string }) => p.id === productId);
    expect(listed).toMatchObject({ name_bn: 'ফ্রি ফায়ার ডায়মন্ড' });
  });

  it('the buyer order and My Codes carry the Bangla names as they were when it was sold', async () => {
    const placed = await invoke('placeOrder', {
      as: buyer,
      body: { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet' },
      headers: { 'Idempotency-Key': `bn-${Date.now()}` },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order).toMatchObject({
      product_name_bn: 'ফ্রি ফায়ার ডায়মন্ড',
      variant_name_bn: '১০০ ডায়মন্ড',
    });
    const mine = await invoke('listOrders', { as: buyer });
    expect(mine.body.items[0]).toMatchObject({ variant_name_bn: '১০০ ডায়মন্ড' });
    const codes = await invoke('listCodes', { as: buyer });
    expect(codes.body.items[0]).toMatchObject({
      product_name_bn: 'ফ্রি ফায়ার ডায়মন্ড',
      variant_name_bn: '১০০ ডায়মন্ড',
    });
  });

  it('empty Bangla strings become null / [] and a body without them clears nothing it did not send', async () => {
    const updated = await invoke('adminUpdateProduct', {
      as: admin,
      params: { id: productId },
      body: {
        ...PRODUCT,
        name_bn: '   ',
        description_bn: '',
        uid_message_bn: '',
        redeem_steps_bn: ['', ' '],
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.product).toMatchObject({
      name_bn: null,
      description_bn: null,
      uid_message_bn: null,
      redeem_steps_bn: [],
    });
    const variant = await invoke('adminUpdateVariant', {
      as: admin,
      params: { id: variantId },
      body: { product_id: productId, name: '100 Diamonds', name_bn: '', description_bn: ' ', price: 9_000 },
    });
    expect(variant.status).toBe(200);
    expect(variant.body.variant).toMatchObject({ name_bn: null, description_bn: null });
    const pub = await invoke('getProduct', { params: { id: productId } });
    expect(pub.body.product).toMatchObject({ name_bn: null, redeem_steps_bn: [] });
    expect(pub.body.product.variants[0].name_bn).toBeNull();
  });

  it('refuses Bangla fields over the English limits (400)', async () => {
    const long = await invoke('adminCreateProduct', {
      as: admin,
      body: { name: 'X', name_bn: 'ক'.repeat(121) },
    });
    expect(long.status).toBe(400);
    expect(long.body.error.fields.name_bn).toBe('Must be at most 120 characters');
  });

  it('a shop page keeps its Bangla title, body and FAQ; empty means none', async () => {
    const faq_bn = [{ question: 'কোড কত তাড়াতাড়ি পাব?', answer: 'কয়েক সেকেন্ডে।' }];
    const saved = await invoke('adminPutPage', {
      as: admin,
      params: { slug: 'faq' },
      body: { title: 'FAQ', title_bn: ' সাধারণ জিজ্ঞাসা ', body_bn: ' প্রশ্ন?\r\n', faq_bn },
    });
    expect(saved.status).toBe(200);
    const read = await invoke('getPage', { params: { slug: 'faq' } });
    expect(read.body.page).toMatchObject({ title_bn: 'সাধারণ জিজ্ঞাসা', body_bn: 'প্রশ্ন?', faq_bn });
    await invoke('adminPutPage', {
      as: admin,
      params: { slug: 'faq' },
      body: { title: 'FAQ', title_bn: '' },
    });
    const cleared = await invoke('getPage', { params: { slug: 'faq' } });
    expect(cleared.body.page).toMatchObject({ title_bn: null, body_bn: '', faq_bn: [] });
    const unwritten = await invoke('getPage', { params: { slug: 'terms' } });
    expect(unwritten.body.page).toMatchObject({ title_bn: null, body_bn: '', faq_bn: [] });
  });
});
