import { said } from '@khelaghor/contract/api-messages';
import type { AdminProduct, ProductBody } from '@khelaghor/contract/schemas/catalog';
import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import { queryCatalog, queryProduct, type ProductItem } from '../../db/catalog/catalog-items';
import { deleteProductItem, insertProduct, updateProductFields } from '../../db/catalog/product-writes';
import { conflict, notFound } from '../../domain/refusals';
import { jobLimits } from '../../runtime/job-limits';
import type { KickJob } from '../../clients/kick-job';
import type { JobRunDeps } from '../jobs/run-job';
import { byDisplayOrder } from './catalog-view';
import { deleteVariant } from '../jobs/delete-variant-job';
import { kindFromBody, productKind } from '../../domain/product-kind';

/** The fields an admin sets on a product (create and update alike). */
const productFields = (body: ProductBody) => ({
  name: body.name,
  description: body.description ?? null,
  name_bn: body.name_bn ?? null,
  description_bn: body.description_bn ?? null,
  category: body.category ?? null,
  image_url: body.image_url ?? null,
  is_active: body.is_active,
  display_order: body.display_order,
  ...kindFromBody(body),
});

function adminProduct(p: ProductItem, variantCount: number): AdminProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description ?? null,
    name_bn: p.name_bn ?? null,
    description_bn: p.description_bn ?? null,
    category: p.category ?? null,
    image_url: p.image_url ?? null,
    is_active: p.is_active,
    display_order: p.display_order ?? 0,
    variant_count: variantCount,
    ...productKind(p),
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

/** Admin list: every product (active or not) with its variant count, by display_order. */
export async function listProducts(db: Db): Promise<{ items: AdminProduct[] }> {
  const { products, variants } = await queryCatalog(db);
  const counts = new Map<string, number>();
  for (const v of variants) counts.set(v.product_id, (counts.get(v.product_id) ?? 0) + 1);
  return { items: products.sort(byDisplayOrder).map((p) => adminProduct(p, counts.get(p.id) ?? 0)) };
}

export async function createProduct(
  db: Db,
  body: ProductBody,
  now: string,
  id: string = ulid(),
): Promise<AdminProduct> {
  const item: ProductItem = {
    type: 'product',
    id,
    ...productFields(body),
    created_at: now,
    updated_at: now,
  };
  await insertProduct(db, item);
  return adminProduct(item, 0);
}

export async function updateProduct(
  db: Db,
  id: string,
  body: ProductBody,
  now: string,
): Promise<AdminProduct> {
  const outcome = await updateProductFields(db, id, productFields(body), now);
  if (outcome === 'missing') throw notFound('Product not found');
  const { product, variants } = await queryProduct(db, id);
  if (!product) throw notFound('Product not found');
  return adminProduct(product, variants.length);
}

/**
 * Delete a product with its variants (each variant deletes its available codes; sold codes stay
 * for their buyers). Variants with many codes are deleted by background jobs: the product stays
 * (409) until they are gone, then deleting it again removes it.
 */
export async function deleteProduct(deps: JobRunDeps & { kick: KickJob }, id: string): Promise<void> {
  const { db } = deps;
  const { product, variants } = await queryProduct(db, id);
  if (!product) throw notFound('Product not found');
  const started = performance.now();
  const budget = jobLimits().requestBudgetMs * 2;
  let left = 0;
  for (const v of variants) {
    const { finished } = await deleteVariant(deps, v.id, Math.max(0, budget - (performance.now() - started)));
    if (!finished) left++;
  }
  if (left > 0) {
    throw conflict(
      left === 1
        ? '1 of its variants is still being deleted in the background. Delete the product again when it is gone.'
        : said('variants_still_deleting', { count: left }),
    );
  }
  await deleteProductItem(db, id);
}
