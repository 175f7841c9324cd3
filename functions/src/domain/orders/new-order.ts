import type { OrderPaymentMethod } from '@khelaghor/contract/facts';
import type { OrderItem } from '../model';
import type { PricedOrder } from './price-check';
import type { AppliedPromo } from './promo-discount';

export interface OrderDraft {
  id: string;
  buyer: { userId: string; email: string; name: string };
  priced: PricedOrder;
  player_uid: string;
  player_zone?: string | null;
  player_name?: string | null;
  whatsapp_number?: string | null;
  payment_method: OrderPaymentMethod;
  now: string;
  /** A promo code that applies (promo-discount.ts): the buyer pays its total. */
  promo?: AppliedPromo;
}

/** A new order, `pending` until it is paid: names and total from the catalogue, the buyer from the token. */
export function newOrder(d: OrderDraft): OrderItem {
  return {
    type: 'order',
    id: d.id,
    user_id: d.buyer.userId,
    user_email: d.buyer.email,
    user_name: d.buyer.name,
    product_id: d.priced.product.id,
    product_variant_id: d.priced.variant.id,
    product_name: d.priced.product.name,
    variant_name: d.priced.variant.name,
    product_name_bn: d.priced.product.name_bn || null,
    variant_name_bn: d.priced.variant.name_bn || null,
    player_uid: d.player_uid,
    ...(d.player_zone && { player_zone: d.player_zone }),
    player_name: d.player_name || null,
    whatsapp_number: d.whatsapp_number || null,
    quantity: 1,
    total_amount: d.promo ? d.promo.total : d.priced.total,
    ...(d.promo && {
      promo_code: d.promo.code,
      list_amount: d.promo.list,
      discount_amount: d.promo.discount,
    }),
    status: 'pending',
    payment_method: d.payment_method,
    created_at: d.now,
    updated_at: d.now,
  };
}
