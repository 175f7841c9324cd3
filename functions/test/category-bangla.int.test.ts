import { beforeAll, describe, expect, it } from 'vitest';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';

/**
 * Issue 35: category names stayed English on the Bangla storefront. A category (the products'
 * `category` value) gets a Bangla name an admin sets; the public catalogue and product page carry
 * it, and it moves with the category when renamed.
 */
const as = admin;

async function product(name: string, category: string) {
  const res = await invoke('adminCreateProduct', { as, body: { name, category } });
  expect(res.status).toBe(201);
  return res.body.product as { id: string };
}

const setBangla = (name: string, nameBn: string | null, who: { userId: string; email: string } = as) =>
  invoke('adminSetCategoryBangla', { as: who, params: { name }, body: { name_bn: nameBn } });

const catalogCategories = async () =>
  (
    (await invoke('getCatalog')).body.products as Array<{
      category: string | null;
      category_bn: string | null;
    }>
  ).map((p) => [p.category, p.category_bn]);

describe("a category's Bangla name", () => {
  beforeAll(async () => {
    await freshTable('category-bangla');
  });

  it('an admin sets it; the admin list, the catalogue and the product page return it', async () => {
    const ff = await product('Free Fire Diamonds', 'Free Fire');
    await product('Google Play', 'Gift Card');
    expect(await catalogCategories()).toEqual([
      ['Free Fire', null],
      ['Gift Card', null],
    ]);

    const saved = await setBangla('Free Fire', '  ফ্রি ফায়ার ');
    expect(saved.status).toBe(200);
    expect(saved.body.category).toEqual({ name: 'Free Fire', name_bn: 'ফ্রি ফায়ার' });

    const list = (await invoke('adminListCategories', { as })).body.items;
    expect(list).toEqual([
      { name: 'Free Fire', name_bn: 'ফ্রি ফায়ার', product_count: 1 },
      { name: 'Gift Card', name_bn: null, product_count: 1 },
    ]);
    expect(await catalogCategories()).toEqual([
      ['Free Fire', 'ফ্রি ফায়ার'],
      ['Gift Card', null],
    ]);
    const page = await invoke('getProduct', { params: { id: ff.id } });
    expect(page.body.product).toMatchObject({ category: 'Free Fire', category_bn: 'ফ্রি ফায়ার' });
  });

  it('refuses a buyer and a visitor, an unknown category and a name too long', async () => {
    expect((await setBangla('Free Fire', 'x', customer(35))).status).toBe(403);
    const anonymous = await invoke('adminSetCategoryBangla', {
      params: { name: 'Free Fire' },
      body: { name_bn: 'x' },
    });
    expect(anonymous.status).toBe(401);
    const unknown = await setBangla('Nope', 'না');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Category not found');
    expect((await setBangla('Free Fire', 'ক'.repeat(61))).status).toBe(400);
    // Nothing of these was written.
    expect(await catalogCategories()).toEqual([
      ['Free Fire', 'ফ্রি ফায়ার'],
      ['Gift Card', null],
    ]);
  });

  it('travels with the category when renamed, and goes with it when removed or emptied', async () => {
    const renamed = await invoke('adminRenameCategory', {
      as,
      params: { name: 'Free Fire' },
      body: { name: 'Free Fire Top-up' },
    });
    expect(renamed.status).toBe(200);
    expect(await catalogCategories()).toEqual([
      ['Free Fire Top-up', 'ফ্রি ফায়ার'],
      ['Gift Card', null],
    ]);
    // A new product under the old name does not inherit the moved Bangla name.
    await product('Free Fire Membership', 'Free Fire');
    expect((await invoke('adminListCategories', { as })).body.items).toContainEqual({
      name: 'Free Fire',
      name_bn: null,
      product_count: 1,
    });

    expect((await setBangla('Gift Card', 'গিফট কার্ড')).status).toBe(200);
    expect((await invoke('adminRemoveCategory', { as, params: { name: 'Gift Card' } })).status).toBe(200);
    await product('Steam', 'Gift Card');
    expect(await catalogCategories()).toContainEqual(['Gift Card', null]);

    expect((await setBangla('Free Fire Top-up', '')).body.category.name_bn).toBeNull();
    expect(await catalogCategories()).toContainEqual(['Free Fire Top-up', null]);
  });
});
