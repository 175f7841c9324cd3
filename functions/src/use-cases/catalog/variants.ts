import type { AdminVariant, VariantBody } from '@khelaghor/contract/schemas/catalog';
import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import { getProduct, getVariant, queryCatalog, type VariantItem } from '../../db/catalog/catalog-items';
import { insertVariant, updateVariantFields } from '../../db/catalog/variant-writes';
import { businessRule, conflict, notFound } from '../../domain/refusals';
import { packageValueOf } from './catalog-view';
import { fulfilmentOf, STOCK_ONLY } from '../../domain/fulfilment/variant-fulfilment';

function adminVariant(v: VariantItem, productName: string): AdminVariant {
  const stock = Math.max(0, v.stock ?? 0);
  return {
    id: v.id,
    product_id: v.product_id,
    product_name: productName,
    name: v.name,
    description: v.description ?? null,
    name_bn: v.name_bn ?? null,
    description_bn: v.description_bn ?? null,
    price: v.price,
    ...packageValueOf(v),
    stock,
    voucher_count: stock,
    fulfilment: fulfilmentOf(v),
    is_active: v.is_active,
    created_at: v.created_at,
    updated_at: v.updated_at,
  };
}

/** Admin list: every variant with its product's name, newest first (one Query of CATALOG). */
export async function listVariants(db: Db): Promise<{ items: AdminVariant[] }> {
  const { products, variants } = await queryCatalog(db);
  const names = new Map(products.map((p) => [p.id, p.name]));
  return {
    items: variants
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
      .map((v) => adminVariant(v, names.get(v.product_id) ?? '')),
  };
}

/** A new variant starts with stock 0 (its shard counters only move with codes) and its id pointer. */
export async function createVariant(
  db: Db,
  body: VariantBody,
  now: string,
  id: string = ulid(),
): Promise<AdminVariant> {
  const product = await getProduct(db, body.product_id);
  if (!product) throw notFound('Product not found');
  const item: VariantItem = {
    type: 'variant',
    id,
    product_id: body.product_id,
    name: body.name,
    description: body.description ?? null,
    name_bn: body.name_bn ?? null,
    description_bn: body.description_bn ?? null,
    price: body.price,
    ...packageValueOf(body),
    fulfilment: body.fulfilment ?? STOCK_ONLY,
    stock: 0,
    is_active: body.is_active,
    created_at: now,
    updated_at: now,
  };
  if ((await insertVariant(db, item)) === 'no-product') throw notFound('Product not found');
  return adminVariant(item, product.name);
}

/** Name, description, price and is_active; stock is never written here. */
export async function updateVariant(
  db: Db,
  id: string,
  body: VariantBody,
  now: string,
): Promise<AdminVariant> {
  const current = await getVariant(db, id);
  if (!current) throw notFound('Variant not found');
  // The variant's key and every code of it carry the product id: moving it would orphan them.
  if (body.product_id !== current.product_id)
    throw businessRule('A variant cannot be moved to another product');
  // Switching a variant being deleted back on would sell codes the delete is removing.
  if (current.deleting_job) throw beingDeleted();
  const updated = await updateVariantFields(
    db,
    current,
    {
      name: body.name,
      description: body.description ?? null,
      name_bn: body.name_bn ?? null,
      description_bn: body.description_bn ?? null,
      price: body.price,
      is_active: body.is_active,
      ...packageValueOf(body),
      // Absent in the body: the current setting stays.
      fulfilment: body.fulfilment ?? fulfilmentOf(current),
    },
    now,
  );
  // Gone or marked by a delete job since the read above.
  if (updated === 'refused') throw beingDeleted();
  const product = await getProduct(db, current.product_id);
  // The item holds no stock (its shards do): the count as read just before.
  return adminVariant({ ...updated, stock: current.stock }, product?.name ?? '');
}

const beingDeleted = () => conflict('This variant is being deleted');
