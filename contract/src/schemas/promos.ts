import * as z from '../zod';
import { Poisha } from '../money';
import { digitText } from './digit-text';
import { OrderStatus, PageQuery } from './orders';

/** Schemas of promo codes: the admin's Promotions section and the buyer's quote at checkout. */

const required = 'Please fill all required fields';
const codeMessage = 'Promo code must be 3-24 letters, digits or dashes';

/** A promo code as typed: trimmed and upper-cased, then A-Z, 0-9 and '-' only (3-24). */
const PromoCodeText = digitText({ error: 'Please enter a promo code' }).check(
  z.trim(),
  z.toUpperCase(),
  z.regex(/^[A-Z0-9-]{3,24}$/, codeMessage),
);

/** `{code}` of the admin routes of one promo. */
export const PromoParams = z.object({
  code: digitText().check(z.trim(), z.toUpperCase(), z.minLength(1), z.maxLength(64)),
});

const PROMO_DISCOUNT_TYPES = ['percent', 'fixed'] as const;
const PromoDiscountType = z.enum(PROMO_DISCOUNT_TYPES, { error: 'Please choose a discount type' });

const ids = z.pipe(
  z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(64)), {
      error: 'Please choose at least one',
    })
    .check(z.minLength(1, 'Please choose at least one'), z.maxLength(100, 'At most 100 may be chosen')),
  z.transform((v) => [...new Set(v)]),
);

/** Which packages a promo applies to: every one, those of some products, or some variants. */
export const PromoScope = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('all') }),
    z.object({ type: z.literal('products'), ids }),
    z.object({ type: z.literal('variants'), ids }),
  ],
  { error: 'Please choose where the code applies' },
);
export type PromoScope = z.infer<typeof PromoScope>;

const isoDateTime = z.iso.datetime({ offset: true, error: 'Please enter a valid date and time' });
/** Empty or null: no bound. */
const optionalInstant = z.pipe(
  z.optional(z.union([isoDateTime, z.literal(''), z.null()])),
  z.transform((v) => (v ? new Date(v).toISOString() : null)),
);

/** A limit of uses: null (or absent) is unlimited. */
const useLimit = z.pipe(
  z.nullish(
    z
      .number({ error: 'Please enter a whole number of uses' })
      .check(
        z.int('Please enter a whole number of uses'),
        z.minimum(1, 'At least 1 use'),
        z.maximum(10_000_000),
      ),
  ),
  z.transform((v) => v ?? null),
);

const validAmount = 'Please enter a valid amount';

/** Every field of a promo but its code, which never changes (PUT sends them all). */
const promoFieldShape = {
  discount_type: PromoDiscountType,
  /** percent: 1-100; fixed: poisha > 0. */
  discount_value: z
    .number({ error: 'Please enter the discount' })
    .check(
      z.int('Please enter a whole number'),
      z.positive('The discount must be more than 0'),
      z.maximum(100_000_000, validAmount),
    ),
  /** Poisha; 0 = no minimum. */
  min_order: z._default(
    z
      .number({ error: validAmount })
      .check(z.int(validAmount), z.minimum(0, validAmount), z.maximum(100_000_000)),
    0,
  ),
  scope: z._default(PromoScope, { type: 'all' }),
  starts_at: optionalInstant,
  ends_at: optionalInstant,
  max_uses: useLimit,
  max_uses_per_customer: useLimit,
  is_active: z._default(z.boolean(), true),
};

function checkFields(
  v: { discount_type: string; discount_value: number; starts_at: string | null; ends_at: string | null },
  ctx: z.core.$RefinementCtx,
) {
  if (v.discount_type === 'percent' && v.discount_value > 100)
    ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'A percentage is 1 to 100' });
  if (v.starts_at && v.ends_at && v.ends_at <= v.starts_at)
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start' });
}

export const UpdatePromoBody = z.object(promoFieldShape).check(z.superRefine(checkFields));
export type UpdatePromoBody = z.infer<typeof UpdatePromoBody>;

export const CreatePromoBody = z
  .object({ code: PromoCodeText, ...promoFieldShape })
  .check(z.superRefine(checkFields));
export type CreatePromoBody = z.infer<typeof CreatePromoBody>;

export const AdminPromo = z.object({
  code: z.string(),
  discount_type: PromoDiscountType,
  discount_value: z.int(),
  min_order: Poisha,
  scope: PromoScope,
  starts_at: z.nullable(z.string()),
  ends_at: z.nullable(z.string()),
  max_uses: z.nullable(z.int()),
  max_uses_per_customer: z.nullable(z.int()),
  is_active: z.boolean(),
  /** Orders counted against the code (placed and not failed; a failed order gives its use back). */
  uses: z.int(),
  /** Poisha given away by those orders. */
  discount_given: Poisha,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPromo = z.infer<typeof AdminPromo>;

export const AdminPromosResponse = z.object({ items: z.array(AdminPromo) });
export const AdminPromoResponse = z.object({ promo: AdminPromo, message: z.string() });

/** An order that used a code, as the admin's promo page lists it (newest first). */
export const PromoOrder = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.nullable(z.string()),
  product_name: z.string(),
  variant_name: z.string(),
  list_amount: Poisha,
  discount_amount: Poisha,
  /** What the buyer paid. */
  total_amount: Poisha,
  status: OrderStatus,
  created_at: z.string(),
});
export type PromoOrder = z.infer<typeof PromoOrder>;

export const AdminPromoQuery = PageQuery;
export const AdminPromoDetail = z.object({
  promo: AdminPromo,
  orders: z.object({ items: z.array(PromoOrder), cursor: z.nullable(z.string()) }),
});

export const QuotePromoBody = z.object({
  code: PromoCodeText,
  variant_id: z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(64)),
});
export type QuotePromoBody = z.infer<typeof QuotePromoBody>;

/** What the checkout shows before paying: the server's price, discount and total (poisha). */
export const PromoQuote = z.object({
  code: z.string(),
  list_amount: Poisha,
  discount_amount: Poisha,
  total_amount: Poisha,
});
export type PromoQuote = z.infer<typeof PromoQuote>;
