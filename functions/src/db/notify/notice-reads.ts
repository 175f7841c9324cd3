import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { keys } from '../keys';
import { readStockShards, shardCount, totalStock } from '../stock/stock-shards';

/** What the notifier reads besides the changed item: each one GetItem by key. */

type Item = Record<string, unknown>;

export async function readItem(db: Db, key: { pk: string; sk: string }): Promise<Item | undefined> {
  return (await db.doc.send(new GetCommand({ TableName: db.table, Key: key }))).Item;
}

export const readProfileItem = (db: Db, userId: string) => readItem(db, keys.profile(userId));
export const readOrderItem = (db: Db, orderId: string) => readItem(db, keys.order(orderId));
export const readCodeItem = (db: Db, variantId: string, codeId: string) =>
  readItem(db, keys.code(variantId, codeId));
export const readProductItem = (db: Db, productId: string) => readItem(db, keys.product(productId));
export const readNoticeItem = (db: Db, id: string) => readItem(db, keys.notice(id));

export async function readBrandName(db: Db): Promise<string> {
  const settings = await readItem(db, keys.siteSettings());
  return typeof settings?.brand_name === 'string' && settings.brand_name ? settings.brand_name : 'Khelaghor';
}

/** A variant's name ("Product - Variant") and its stock now (the sum of its shards). */
export async function readVariantStock(
  db: Db,
  variantId: string,
): Promise<{ name: string; stock: number } | undefined> {
  const ref = await readItem(db, keys.variantRef(variantId));
  if (!ref) return undefined;
  const productId = String(ref.product_id);
  const [variant, product, shards] = await Promise.all([
    readItem(db, keys.variant(productId, variantId)),
    readItem(db, keys.product(productId)),
    readStockShards(db, variantId, shardCount(ref as { stock_shards?: number }), true),
  ]);
  if (!variant) return undefined;
  return { name: `${String(product?.name ?? '')} - ${String(variant.name)}`, stock: totalStock(shards) };
}
