import { batchGetItems, itemKey } from '../../db/batch-get';
import { variantProductId, type ProductItem, type VariantItem } from '../../db/catalog-repo';
import type { Db } from '../../db/client';
import { keys } from '../../db/keys';
import { toProfile, type Profile } from '../../db/profiles';

export interface OrderContext {
  /** The order an earlier request with the same Idempotency-Key made. */
  firstOrderId?: string;
  variant?: VariantItem;
  product?: ProductItem;
  profile?: Profile;
}

/**
 * Everything placing an order reads before it claims a code, in one strongly consistent BatchGet:
 * the Idempotency-Key's first order, the variant (price, stock), its product and the buyer's
 * profile (balance). One round trip instead of six keeps a flash sale's readers cheap.
 */
export async function readOrderContext(
  db: Db,
  userId: string,
  variantId: string,
  idempotencyKey: string,
): Promise<OrderContext> {
  const productId = await variantProductId(db, variantId);
  const idempotency = keys.idempotency(userId, 'orders', idempotencyKey);
  const profile = keys.profile(userId);
  const catalog = productId ? [keys.variant(productId, variantId), keys.product(productId)] : [];
  const found = await batchGetItems(db, [idempotency, profile, ...catalog], { consistent: true });
  const get = (key: { pk: string; sk: string } | undefined) => (key ? found.get(itemKey(key)) : undefined);
  const profileItem = get(profile);
  return {
    firstOrderId: get(idempotency)?.order_id as string | undefined,
    variant: get(catalog[0]) as VariantItem | undefined,
    product: get(catalog[1]) as ProductItem | undefined,
    profile: profileItem ? toProfile(profileItem) : undefined,
  };
}
