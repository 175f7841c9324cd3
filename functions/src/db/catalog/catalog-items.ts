import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ProductKind } from '@khelaghor/contract/schemas/product-kind';
import type { Db } from '../client';
import { queryAll } from '../query-all';
import { batchGetItems, itemKey } from '../batch-get';
import { keys } from '../keys';
import { shardCount, withStock } from '../stock/stock-shards';
import { categoryNamesBn, type CategoryItem } from './category-items';
import type { StoredFulfilment } from '../../domain/fulfilment/variant-fulfilment';
import { keptPerContainer } from '../../runtime/container-state';

/** Stored shapes of the CATALOG partition (see docs/data-model.md). */
interface ProductItemBase {
  type: 'product';
  id: string;
  name: string;
  description: string | null;
  /** The Bangla name and description (absent on products stored before them). */
  name_bn?: string | null;
  description_bn?: string | null;
  category: string | null;
  image_url: string | null;
  is_active: boolean;
  display_order: number;
  created_at: string;
  updated_at: string;
}
/** The kind fields (DESIGN 11); absent on products stored before kinds (domain/product-kind.ts reads them). */
export type ProductItem = ProductItemBase & Partial<ProductKind>;

export interface VariantItem {
  type: 'variant';
  id: string;
  product_id: string;
  name: string;
  description: string | null;
  /** The Bangla name and description (absent on variants stored before them). */
  name_bn?: string | null;
  description_bn?: string | null;
  price: number;
  /** What the package gives (absent on variants stored before them): contract/schemas/package-value.ts. */
  units?: number | null;
  unit_name?: string | null;
  unit_name_bn?: string | null;
  face_value?: number | null;
  /** What fulfils its orders (absent: codes from stock): domain/fulfilment/variant-fulfilment.ts. */
  fulfilment?: StoredFulfilment;
  /** Available codes: the sum of the stock shards' counters (withStock), not stored on the item. */
  stock: number;
  /** How many stock shards the variant's codes are spread over (absent: 1). */
  stock_shards?: number;
  is_active: boolean;
  /** Set while a delete job removes the variant: no new codes, no new claims. */
  deleting_job?: string;
  created_at: string;
  updated_at: string;
}

/**
 * The whole catalogue: one Query of the CATALOG partition (products, variants and the categories'
 * Bangla names together).
 */
export async function queryCatalog(db: Db): Promise<{
  products: ProductItem[];
  variants: VariantItem[];
  /** Category name → its Bangla name (categories without one are absent). */
  categoriesBn: Map<string, string>;
}> {
  const items = await queryAll<ProductItem | VariantItem | CategoryItem>(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.catalog() },
  });
  return {
    products: items.filter((i): i is ProductItem => i.type === 'product'),
    variants: await withStock(
      db,
      items.filter((i): i is VariantItem => i.type === 'variant'),
    ),
    categoriesBn: categoryNamesBn(items),
  };
}

/** One product and its variants: Query CATALOG with begins_with(sk, PRODUCT#<id>). */
export async function queryProduct(
  db: Db,
  productId: string,
): Promise<{ product?: ProductItem; variants: VariantItem[] }> {
  const items = await queryAll<ProductItem | VariantItem>(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.catalog(), ':prefix': keys.productPrefix(productId) },
  });
  return {
    product: items.find((i): i is ProductItem => i.type === 'product' && i.id === productId),
    variants: await withStock(
      db,
      items.filter((i): i is VariantItem => i.type === 'variant' && i.product_id === productId),
    ),
  };
}

export async function getProduct(db: Db, productId: string): Promise<ProductItem | undefined> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.product(productId) }));
  return res.Item as ProductItem | undefined;
}

/**
 * The product a variant belongs to and its shard count, through the VARIANT#<id>/REF pointer. A
 * variant never moves to another product, so a found pointer is kept for the life of the
 * container (a deleted variant is then simply not found by its key); the shard count only grows,
 * and a reader that sees more shards on the variant item tells the cache (learnShards).
 */
const refs = new Map<string, { productId: string; shards: number }>();
keptPerContainer(() => refs.clear());
const refKey = (db: Db, variantId: string) => `${db.table}/${variantId}`;

export async function variantRef(
  db: Db,
  variantId: string,
): Promise<{ productId: string; shards: number } | undefined> {
  const cached = refs.get(refKey(db, variantId));
  if (cached) return cached;
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.variantRef(variantId) }));
  const productId = res.Item?.product_id as string | undefined;
  if (!productId) return undefined;
  if (refs.size >= 10_000) refs.clear();
  const ref = { productId, shards: shardCount(res.Item ?? {}) };
  refs.set(refKey(db, variantId), ref);
  return ref;
}

export function learnShards(db: Db, variantId: string, shards: number): void {
  const cached = refs.get(refKey(db, variantId));
  if (cached && shards > cached.shards) cached.shards = shards;
}

async function variantProductId(db: Db, variantId: string): Promise<string | undefined> {
  return (await variantRef(db, variantId))?.productId;
}

/** A variant (with its stock) from its id alone. */
export async function getVariant(
  db: Db,
  variantId: string,
  consistent = false,
): Promise<VariantItem | undefined> {
  const productId = await variantProductId(db, variantId);
  if (!productId) return undefined;
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.table,
      Key: keys.variant(productId, variantId),
      ConsistentRead: consistent,
    }),
  );
  const variant = res.Item as VariantItem | undefined;
  return variant && (await withStock(db, [variant], consistent))[0];
}

/**
 * A package and its product as an order prices them, kept per container (per client: a Lambda
 * container has one) for PUBLIC_CACHE_MS (default 1 s): a flash sale's buyers do not each read
 * the two catalogue items every buyer reads. A price changed by an admin applies to orders from
 * that long after.
 */
type Cached = { until: number; value: Promise<CatalogForOrder | undefined> };
let forOrders = new WeakMap<object, Map<string, Cached>>();
keptPerContainer(() => (forOrders = new WeakMap()));

export interface CatalogForOrder {
  variant: VariantItem;
  product?: ProductItem;
}

export function catalogForOrder(db: Db, variantId: string): Promise<CatalogForOrder | undefined> {
  const ttl = Number(process.env.PUBLIC_CACHE_MS ?? 1000);
  const key = refKey(db, variantId);
  let entries = forOrders.get(db.doc);
  if (!entries) forOrders.set(db.doc, (entries = new Map()));
  const hit = entries.get(key);
  if (ttl > 0 && hit && hit.until > Date.now()) return hit.value;
  const value = readCatalogForOrder(db, variantId);
  if (ttl > 0) {
    if (entries.size >= 10_000) entries.clear();
    entries.set(key, { until: Date.now() + ttl, value });
    value.catch(() => entries.delete(key));
  }
  return value;
}

async function readCatalogForOrder(db: Db, variantId: string): Promise<CatalogForOrder | undefined> {
  const ref = await variantRef(db, variantId);
  if (!ref) return undefined;
  const variantKey = keys.variant(ref.productId, variantId);
  const productKey = keys.product(ref.productId);
  const found = await batchGetItems(db, [variantKey, productKey]);
  const variant = found.get(itemKey(variantKey)) as VariantItem | undefined;
  if (!variant) return undefined;
  learnShards(db, variantId, shardCount(variant));
  return { variant, product: found.get(itemKey(productKey)) as ProductItem | undefined };
}
