import { setClock } from '../src/runtime/clock';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshTable } from '../../test/db';
import { admin, invoke } from '../../test/invoke';

const as = admin;

async function product(body: Record<string, unknown>) {
  const res = await invoke('adminCreateProduct', { as, body });
  expect(res.status).toBe(201);
  return res.body.product as { id: string; name: string };
}

async function variant(body: Record<string, unknown>) {
  const res = await invoke('adminCreateVariant', { as, body });
  expect(res.status).toBe(201);
  return res.body.variant as { id: string; product_id: string; stock: number };
}

describe('admin catalogue: products, variants, categories', () => {
  beforeAll(async () => {
    await freshTable('catalog');
  });

  it('validates products with the spec messages', async () => {
    const res = await invoke('adminCreateProduct', { as, body: { name: '   ' } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.name).toBe('Product name is required');
    const missing = await invoke('adminCreateProduct', { as, body: {} });
    expect(missing.body.error.message).toBe('Product name is required');
  });

  it('creates, lists (display order, variant count), updates and deletes products', async () => {
    const b = await product({ name: 'B product', display_order: 2, category: 'Game Top-up' });
    const a = await product({ name: 'A product', display_order: 1 });
    await variant({ product_id: b.id, name: 'v1', price: 2500 });
    const list = await invoke('adminListProducts', { as });
    const ours = list.body.items.filter((p: { id: string }) => [a.id, b.id].includes(p.id));
    expect(ours.map((p: { name: string }) => p.name)).toEqual(['A product', 'B product']);
    expect(ours[1]).toMatchObject({ variant_count: 1, category: 'Game Top-up', is_active: true });
    expect(ours[0]).toMatchObject({ variant_count: 0, category: null, display_order: 1 });

    const upd = await invoke('adminUpdateProduct', {
      as,
      params: { id: a.id },
      body: { name: 'A2', is_active: false, display_order: 5 },
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({
      product: { name: 'A2', is_active: false },
      message: 'Product updated successfully',
    });
    expect(
      (await invoke('adminUpdateProduct', { as, params: { id: 'nope' }, body: { name: 'x' } })).status,
    ).toBe(404);

    // Inactive products are not public.
    expect((await invoke('getProduct', { params: { id: a.id } })).body.error.message).toBe(
      'Product not found',
    );
    const del = await invoke('adminDeleteProduct', { as, params: { id: b.id } });
    expect(del.body.message).toBe('Product deleted successfully');
    expect((await invoke('getProduct', { params: { id: b.id } })).status).toBe(404);
    expect(
      (await invoke('adminListVariants', { as })).body.items.some(
        (v: { product_id: string }) => v.product_id === b.id,
      ),
    ).toBe(false);
  });

  it('validates variants: product, name and price required, price in poisha > 0, stock read-only', async () => {
    const p = await product({ name: 'Variant host' });
    const none = await invoke('adminCreateVariant', { as, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toMatchObject({
      product_id: 'Please select a product',
      name: 'Variant name is required',
      price: 'Price is required',
    });
    for (const price of [0, -5, 12.5, '100']) {
      const bad = await invoke('adminCreateVariant', { as, body: { product_id: p.id, name: 'x', price } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields.price).toBe('Please enter a valid price');
    }
    const unknown = await invoke('adminCreateVariant', {
      as,
      body: { product_id: 'missing', name: 'x', price: 100 },
    });
    expect(unknown.status).toBe(404);
    const v = await variant({ product_id: p.id, name: '25 Diamonds', price: 2500, stock: 999 });
    expect(v.stock).toBe(0);
    const upd = await invoke('adminUpdateVariant', {
      as,
      params: { id: v.id },
      body: { product_id: p.id, name: '25 Diamonds', price: 2600, stock: 5 },
    });
    expect(upd.body.variant).toMatchObject({ price: 2600, stock: 0, product_name: 'Variant host' });
    const moved = await invoke('adminUpdateVariant', {
      as,
      params: { id: v.id },
      body: { product_id: 'other', name: 'x', price: 100 },
    });
    expect(moved.status).toBe(422);
  });

  it('lists variants newest first with product name and voucher count', async () => {
    const p = await product({ name: 'Newest host' });
    const later = Date.now() + 60_000;
    const first = await variant({ product_id: p.id, name: 'first', price: 100 });
    // The second variant is created a minute later (a set clock, not a sleep).
    setClock(() => new Date(later));
    const second = await variant({ product_id: p.id, name: 'second', price: 200 }).finally(() =>
      setClock(undefined),
    );
    await invoke('adminAddVoucher', { as, body: { variant_id: second.id, code: 'NEWEST-1' } });
    const list = (await invoke('adminListVariants', { as })).body.items as Array<Record<string, unknown>>;
    const ours = list.filter((v) => v.product_id === p.id);
    expect(ours.map((v) => v.id)).toEqual([second.id, first.id]);
    expect(ours[0]).toMatchObject({ product_name: 'Newest host', voucher_count: 1, stock: 1 });
  });

  it('derives, renames and removes categories', async () => {
    await product({ name: 'Cat 1', category: 'Gift Card' });
    await product({ name: 'Cat 2', category: 'Gift Card' });
    await product({ name: 'Cat 3', category: 'Streaming' });
    const list = await invoke('adminListCategories', { as });
    expect(list.body.items).toEqual(
      expect.arrayContaining([
        { name: 'Gift Card', name_bn: null, product_count: 2 },
        { name: 'Streaming', name_bn: null, product_count: 1 },
      ]),
    );

    const blank = await invoke('adminRenameCategory', {
      as,
      params: { name: 'Gift Card' },
      body: { name: ' ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe('Category name is required');
    const dup = await invoke('adminRenameCategory', {
      as,
      params: { name: 'Gift Card' },
      body: { name: 'streaming' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe('Category already exists');

    const renamed = await invoke('adminRenameCategory', {
      as,
      params: { name: 'Gift Card' },
      body: { name: 'Gift Cards' },
    });
    expect(renamed.body.updated).toBe(2);
    const removed = await invoke('adminRemoveCategory', { as, params: { name: 'Streaming' } });
    expect(removed.body).toEqual({ updated: 1, message: 'Category removed successfully' });
    const after = (await invoke('adminListCategories', { as })).body.items;
    expect(after).toEqual(expect.arrayContaining([{ name: 'Gift Cards', name_bn: null, product_count: 2 }]));
    expect(after.some((c: { name: string }) => c.name === 'Streaming')).toBe(false);
    expect((await invoke('adminRemoveCategory', { as, params: { name: 'Nope' } })).status).toBe(404);
  });
});

describe('public catalogue', () => {
  beforeAll(async () => {
    await freshTable('public');
  });

  it('GET /api/catalog: active products in display order with active variants by price and stock', async () => {
    const empty = await invoke('getCatalog');
    expect(empty.body).toEqual({ products: [] });
    const p2 = await product({ name: 'Second', display_order: 2 });
    const p1 = await product({ name: 'First', display_order: 1, category: 'Top-up' });
    await product({ name: 'Hidden', is_active: false });
    const big = await variant({ product_id: p1.id, name: 'Big', price: 85000 });
    const small = await variant({ product_id: p1.id, name: 'Small', price: 2500 });
    await variant({ product_id: p1.id, name: 'Off', price: 100, is_active: false });
    await invoke('adminImportVouchers', { as, body: { variant_id: big.id, codes: ['B-1', 'B-2', 'B-3'] } });

    const res = await invoke('getCatalog');
    expect(res.status).toBe(200);
    expect(res.body.products.map((p: { id: string }) => p.id)).toEqual([p1.id, p2.id]);
    const first = res.body.products[0];
    expect(first.variants.map((v: { id: string }) => v.id)).toEqual([small.id, big.id]);
    expect(first.variants.map((v: { stock: number }) => v.stock)).toEqual([0, 3]);
    expect(first).toMatchObject({ stock: 3, category: 'Top-up' });
    expect(res.body.products[1]).toMatchObject({ stock: 0, variants: [] });

    const one = await invoke('getProduct', { params: { id: p1.id } });
    expect(one.body.product.variants.map((v: { price: number }) => v.price)).toEqual([2500, 85000]);
    const unknown = await invoke('getProduct', { params: { id: 'nope' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Product not found');
  });
});
