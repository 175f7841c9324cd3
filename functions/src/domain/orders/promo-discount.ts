import { said } from '@khelaghor/contract/api-messages';
import { formatTaka } from '@khelaghor/contract/taka';
import { businessRule } from '../refusals';

/** A promo code as stored (db/promos/promo-items.ts adds the keys). Money in poisha. */
export interface PromoItem {
  type: 'promo';
  code: string;
  discount_type: 'percent' | 'fixed';
  /** percent: 1-100; fixed: poisha. */
  discount_value: number;
  /** Poisha; 0 = none. */
  min_order: number;
  scope: { type: 'all' } | { type: 'products' | 'variants'; ids: string[] };
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  is_active: boolean;
  /** Orders counted against the code: placed and not failed. */
  uses: number;
  discount_given: number;
  created_at: string;
  updated_at: string;
}

/** The refusals a buyer may see, each once. */
export const PROMO_MESSAGES = {
  invalid: 'Invalid promo code',
  expired: 'This promo code has expired',
  notYet: 'This promo code is not active yet',
  notApplicable: 'This promo code does not apply to this package',
  fullyUsed: 'This promo code has been fully used',
  usedByYou: 'You have already used this promo code',
  minOrder: (min: number) => `Minimum order for this code is ${formatTaka(min)}`,
} as const;

/** The buyer always pays at least this much: the gateway's minimum charge (৳1). */
export const MIN_PAYABLE = 100;

/**
 * The discount on a list price: percent rounds down to the poisha, fixed is its value, and neither
 * takes the price below MIN_PAYABLE (nor below zero discount).
 */
export function promoDiscount(
  list: number,
  promo: Pick<PromoItem, 'discount_type' | 'discount_value'>,
): number {
  const raw =
    promo.discount_type === 'percent'
      ? Math.floor((list * promo.discount_value) / 100)
      : promo.discount_value;
  return Math.max(0, Math.min(raw, list - MIN_PAYABLE));
}

export interface PromoUse {
  /** The package being bought. */
  variantId: string;
  productId: string;
  /** Its price before the discount (poisha). */
  list: number;
  now: string;
  /** How many of the buyer's orders already count against the code. */
  customerUses: number;
}

export interface AppliedPromo {
  code: string;
  list: number;
  discount: number;
  total: number;
}

/**
 * Whether a promo applies to a package for this buyer now, and what it takes off: every rule read
 * from the stored item, refused with the message the buyer sees (422). The order's transaction
 * repeats the limits as conditions, since another buyer may take the last use meanwhile.
 */
export function applyPromo(promo: PromoItem | undefined, use: PromoUse): AppliedPromo {
  if (!promo || !promo.is_active) throw businessRule(PROMO_MESSAGES.invalid);
  if (promo.starts_at && use.now < promo.starts_at) throw businessRule(PROMO_MESSAGES.notYet);
  if (promo.ends_at && use.now >= promo.ends_at) throw businessRule(PROMO_MESSAGES.expired);
  if (!inScope(promo.scope, use)) throw businessRule(PROMO_MESSAGES.notApplicable);
  if (use.list < promo.min_order)
    throw businessRule(
      said('promo_min_order', { amount: formatTaka(promo.min_order), amount_poisha: promo.min_order }),
    );
  if (promo.max_uses !== null && promo.uses >= promo.max_uses) throw businessRule(PROMO_MESSAGES.fullyUsed);
  if (promo.max_uses_per_customer !== null && use.customerUses >= promo.max_uses_per_customer)
    throw businessRule(PROMO_MESSAGES.usedByYou);
  const discount = promoDiscount(use.list, promo);
  return { code: promo.code, list: use.list, discount, total: use.list - discount };
}

function inScope(scope: PromoItem['scope'], use: Pick<PromoUse, 'variantId' | 'productId'>): boolean {
  if (scope.type === 'all') return true;
  return scope.ids.includes(scope.type === 'products' ? use.productId : use.variantId);
}
