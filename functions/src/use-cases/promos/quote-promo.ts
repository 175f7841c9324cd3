import type { PromoQuote } from '@khelaghor/contract/schemas/promos';
import { batchGetItems, itemKey } from '../../db/batch-get';
import { variantRef, type ProductItem, type VariantItem } from '../../db/catalog/catalog-items';
import type { Db } from '../../db/client';
import { keys } from '../../db/keys';
import { enforceRateLimits, type RateLimit } from '../../db/rate-limit';
import { fromFound } from '../../db/promos/promo-items';
import { applyPromo } from '../../domain/orders/promo-discount';
import { notFound } from '../../domain/refusals';

/** Per customer: enough for a checkout's typing, too few to guess codes. */
const QUOTE_LIMIT: RateLimit = { scope: 'promo-quote', limit: 20, windowSeconds: 60 };
const TOO_MANY_QUOTES = 'Too many promo code attempts. Please wait a minute and try again.';

/**
 * What a package costs with a code, before paying: the same rules and the same discount the order
 * applies (promo-discount.ts), from the table. The order checks everything again when it is placed.
 */
export async function quotePromo(
  deps: { db: Db; now: () => Date },
  userId: string,
  input: { code: string; variantId: string },
): Promise<PromoQuote> {
  const { db } = deps;
  const now = deps.now();
  await enforceRateLimits(db, [{ rule: QUOTE_LIMIT, key: `user:${userId}` }], now, TOO_MANY_QUOTES);
  const ref = await variantRef(db, input.variantId);
  if (!ref) throw notFound('Variant not found');
  const variantKey = keys.variant(ref.productId, input.variantId);
  const productKey = keys.product(ref.productId);
  const found = await batchGetItems(
    db,
    [variantKey, productKey, keys.promo(input.code), keys.promoUse(input.code, userId)],
    { consistent: true },
  );
  const variant = found.get(itemKey(variantKey)) as VariantItem | undefined;
  const product = found.get(itemKey(productKey)) as ProductItem | undefined;
  if (!variant?.is_active) throw notFound('Variant not found');
  if (!product?.is_active || !(variant.price > 0)) throw notFound('Product not found');
  const read = fromFound(found, input.code, userId);
  const applied = applyPromo(read.promo, {
    variantId: variant.id,
    productId: product.id,
    list: variant.price,
    now: now.toISOString(),
    customerUses: read.customerUses,
  });
  return {
    code: applied.code,
    list_amount: applied.list,
    discount_amount: applied.discount,
    total_amount: applied.total,
  };
}
