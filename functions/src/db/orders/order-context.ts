import { batchGetItems, itemKey } from '../batch-get';
import { variantProductId, type ProductItem, type VariantItem } from '../catalog-repo';
import type { Db } from '../client';
import { keys } from '../keys';
import { toProfile, type Profile } from '../profiles';
import type { FirstRequest } from './idempotency';
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
}

/**
 * Everything placing an order reads before it claims a code, in one strongly consistent BatchGet:
 * the Idempotency-Key's first order, the variant (price, stock), its product, the buyer's profile
 * (balance) and unpaid-order slots. One round trip keeps a flash sale's readers cheap.
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
  const slots = slotKeys(userId);
  const catalog = productId ? [keys.variant(productId, variantId), keys.product(productId)] : [];
  const found = await batchGetItems(db, [idempotency, profile, ...slots, ...catalog], { consistent: true });
  const get = (key: { pk: string; sk: string } | undefined) => (key ? found.get(itemKey(key)) : undefined);
  const profileItem = get(profile);
  const first = get(idempotency);
  return {
    first: first && { orderId: String(first.order_id), fingerprint: first.fingerprint as string | undefined },
    variant: get(catalog[0]) as VariantItem | undefined,
    product: get(catalog[1]) as ProductItem | undefined,
    profile: profileItem ? toProfile(profileItem) : undefined,
    slots: slots.map((k) => get(k) as SlotItem | undefined),
  };
}
