import { batchGetItems, itemKey } from '../batch-get';
import { learnShards, variantRef, type ProductItem, type VariantItem } from '../catalog/catalog-items';
import {
  readStockShards,
  shardCount,
  shardKeys,
  stockShards,
  totalStock,
  type StockShard,
} from '../stock/stock-shards';
import type { Db } from '../client';
import { keys } from '../keys';
import { toProfile, type Profile } from '../users/profiles';
import type { FirstRequest } from './idempotency';
import { fromFound, type PromoRead } from '../promos/promo-items';
import type { SlotItem } from '../../domain/orders/unpaid-slots';
import { slotKeys } from './unpaid-slots';

export interface OrderContext {
  /** What an earlier request with the same Idempotency-Key made. */
  first?: FirstRequest;
  variant?: VariantItem;
  product?: ProductItem;
  profile?: Profile;
  /** The buyer's unpaid-order slots (undefined = free). */
  slots: Array<SlotItem | undefined>;
  /** The variant's stock shards: counters and hints (index = shard). */
  shards: StockShard[];
  /** The promo code the order names (absent: unknown code) and how many of the buyer's orders use it. */
  promo?: PromoRead;
}

/**
 * Everything placing an order reads before it claims a code, in one strongly consistent BatchGet:
 * the Idempotency-Key's first order, the variant (price), its product, its stock shards' counters,
 * the buyer's profile (balance) and unpaid-order slots, and the promo code with the buyer's use
 * count when the order names one. One round trip keeps a flash sale's buyers cheap: a buyer who
 * comes after the sell-out is answered from it.
 */
export async function readOrderContext(
  db: Db,
  userId: string,
  variantId: string,
  idempotencyKey: string,
  promoCode?: string,
): Promise<OrderContext> {
  const ref = await variantRef(db, variantId);
  const idempotency = keys.idempotency(userId, 'orders', idempotencyKey);
  const profile = keys.profile(userId);
  const slots = slotKeys(userId);
  const catalog = ref ? [keys.variant(ref.productId, variantId), keys.product(ref.productId)] : [];
  const shards = ref ? shardKeys(variantId, ref.shards) : [];
  const promo = promoCode ? [keys.promo(promoCode), keys.promoUse(promoCode, userId)] : [];
  const found = await batchGetItems(db, [idempotency, profile, ...slots, ...catalog, ...shards, ...promo], {
    consistent: true,
  });
  const get = (key: { pk: string; sk: string } | undefined) => (key ? found.get(itemKey(key)) : undefined);
  const profileItem = get(profile);
  const variant = get(catalog[0]) as VariantItem | undefined;
  let stock = stockShards(found, variantId, shards.length);
  if (variant && shardCount(variant) > shards.length) {
    // The variant grew shards since this container learnt its count.
    learnShards(db, variantId, shardCount(variant));
    stock = await readStockShards(db, variantId, shardCount(variant), true);
  }
  return {
    first: toFirst(get(idempotency)),
    variant: variant && { ...variant, stock: totalStock(stock) },
    product: get(catalog[1]) as ProductItem | undefined,
    profile: profileItem ? toProfile(profileItem) : undefined,
    slots: slots.map((k) => get(k) as SlotItem | undefined),
    shards: stock,
    ...(promoCode && { promo: fromFound(found, promoCode, userId) }),
  };
}

const toFirst = (item: Record<string, unknown> | undefined): FirstRequest | undefined =>
  item && { orderId: String(item.order_id), fingerprint: item.fingerprint as string | undefined };

/**
 * The counters again, with the Idempotency-Key's first order in the same read: a claim that found
 * every code taken learns at once whether its own twin request (same key) is the one that won.
 */
export async function recountStock(
  db: Db,
  input: { userId: string; variantId: string; shards: number; idempotencyKey: string },
): Promise<{ shards: StockShard[]; first?: FirstRequest }> {
  const idempotency = keys.idempotency(input.userId, 'orders', input.idempotencyKey);
  const found = await batchGetItems(db, [idempotency, ...shardKeys(input.variantId, input.shards)], {
    consistent: true,
  });
  return {
    shards: stockShards(found, input.variantId, input.shards),
    first: toFirst(found.get(itemKey(idempotency))),
  };
}
