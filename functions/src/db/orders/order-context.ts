import { batchGetItems, itemKey, type ItemKey } from '../batch-get';
import { learnShards, variantRef, type ProductItem, type VariantItem } from '../catalog/catalog-items';
import { readStockShards, shardCount, shardKeys, stockShards, totalStock } from '../stock/stock-shards';
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
  /** The promo code the order names (absent: unknown code) and how many of the buyer's orders use it. */
  promo?: PromoRead;
}

interface Buyer {
  userId: string;
  idempotencyKey: string;
  promoCode?: string;
}

/**
 * The buyer's own items an order reads: its key's first order, profile, promo use, and its
 * unpaid-order slots unless `wallet` (a wallet order takes none).
 */
export function buyerKeys({ userId, idempotencyKey, promoCode }: Buyer, wallet = false): ItemKey[] {
  return [
    keys.idempotency(userId, 'orders', idempotencyKey),
    keys.profile(userId),
    ...(wallet ? [] : slotKeys(userId)),
    ...(promoCode ? [keys.promo(promoCode), keys.promoUse(promoCode, userId)] : []),
  ];
}

/** The order's context from a read that held buyerKeys (and the variant and product, when given). */
export function contextFrom(
  found: Map<string, Record<string, unknown>>,
  buyer: Buyer,
  catalog: Pick<OrderContext, 'variant' | 'product'>,
): OrderContext {
  const get = (key: ItemKey) => found.get(itemKey(key));
  const profileItem = get(keys.profile(buyer.userId));
  return {
    first: toFirst(get(keys.idempotency(buyer.userId, 'orders', buyer.idempotencyKey))),
    ...catalog,
    profile: profileItem ? toProfile(profileItem) : undefined,
    slots: slotKeys(buyer.userId).map((k) => get(k) as SlotItem | undefined),
    ...(buyer.promoCode && { promo: fromFound(found, buyer.promoCode, buyer.userId) }),
  };
}

/** Whether the read holds the key's first order (a twin request of ours committed). */
export const firstOf = (found: Map<string, Record<string, unknown>>, buyer: Buyer) =>
  toFirst(found.get(itemKey(keys.idempotency(buyer.userId, 'orders', buyer.idempotencyKey))));

/**
 * Everything placing an order reads before it decides, in one strongly consistent BatchGet: the
 * buyer's items (buyerKeys), the variant (price), its product and its stock shards' counters.
 */
export async function readOrderContext(
  db: Db,
  userId: string,
  variantId: string,
  idempotencyKey: string,
  promoCode?: string,
): Promise<OrderContext> {
  const buyer = { userId, idempotencyKey, promoCode };
  const ref = await variantRef(db, variantId);
  const catalog = ref ? [keys.variant(ref.productId, variantId), keys.product(ref.productId)] : [];
  const shards = ref ? shardKeys(variantId, ref.shards) : [];
  const found = await batchGetItems(db, [...buyerKeys(buyer), ...catalog, ...shards], { consistent: true });
  const variant = catalog[0] && (found.get(itemKey(catalog[0])) as VariantItem | undefined);
  let stock = stockShards(found, variantId, shards.length);
  if (variant && shardCount(variant) > shards.length) {
    // The variant grew shards since this container learnt its count.
    learnShards(db, variantId, shardCount(variant));
    stock = await readStockShards(db, variantId, shardCount(variant), true);
  }
  return contextFrom(found, buyer, {
    variant: variant && { ...variant, stock: totalStock(stock) },
    product: catalog[1] && (found.get(itemKey(catalog[1])) as ProductItem | undefined),
  });
}

const toFirst = (item: Record<string, unknown> | undefined): FirstRequest | undefined =>
  item && { orderId: String(item.order_id), fingerprint: item.fingerprint as string | undefined };
