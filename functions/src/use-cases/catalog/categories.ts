import type { Db } from '../../db/client';
import { queryCatalog } from '../../db/catalog/catalog-items';
import { putCategoryNameBn } from '../../db/catalog/category-items';
import { recategoriseProduct } from '../../db/catalog/product-writes';
import { duplicate, notFound } from '../../domain/refusals';

/**
 * Categories are not stored on their own: they are the distinct `category` values of products.
 * Only a category's Bangla name has a record, keyed by the name (db/catalog/category-items.ts).
 */
export async function listCategories(
  db: Db,
): Promise<{ items: Array<{ name: string; name_bn: string | null; product_count: number }> }> {
  const { products, categoriesBn } = await queryCatalog(db);
  const counts = new Map<string, number>();
  for (const p of products) if (p.category) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
  return {
    items: [...counts.entries()]
      .map(([name, product_count]) => ({ name, name_bn: categoriesBn.get(name) ?? null, product_count }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** Set `category` to `to` (or null) on every product whose category is `from`. */
async function recategorise(db: Db, from: string, to: string | null, now: string): Promise<number> {
  const { products, categoriesBn } = await queryCatalog(db);
  const matching = products.filter((p) => p.category === from);
  if (matching.length === 0) throw notFound('Category not found');
  if (to !== null) {
    const taken = products.some(
      (p) => p.category && p.category !== from && p.category.toLowerCase() === to.toLowerCase(),
    );
    if (taken) throw duplicate('Category already exists');
  }
  let updated = 0;
  for (const p of matching) {
    // 'changed': changed or deleted meanwhile, that product no longer belongs to the category.
    if ((await recategoriseProduct(db, p.id, { from, to, now })) === 'updated') updated++;
  }
  // The Bangla name travels with the category: to its new name, or away with it.
  const nameBn = categoriesBn.get(from);
  if (nameBn !== undefined && to !== from) {
    if (to !== null) await putCategoryNameBn(db, to, nameBn, now);
    await putCategoryNameBn(db, from, null, now);
  }
  return updated;
}

export function renameCategory(db: Db, from: string, to: string, now: string): Promise<number> {
  return recategorise(db, from, to, now);
}

export function removeCategory(db: Db, name: string, now: string): Promise<number> {
  return recategorise(db, name, null, now);
}

/** Give a category a Bangla name (null: none). Only a category some product carries has one. */
export async function setCategoryNameBn(
  db: Db,
  name: string,
  nameBn: string | null,
  now: string,
): Promise<{ name: string; name_bn: string | null }> {
  const { products } = await queryCatalog(db);
  if (!products.some((p) => p.category === name)) throw notFound('Category not found');
  await putCategoryNameBn(db, name, nameBn, now);
  return { name, name_bn: nameBn };
}
