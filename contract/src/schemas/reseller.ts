import * as z from 'zod';
import { PLAYER_UID_MAX, ZONE_MAX } from '../account-fields';
import { Poisha } from '../money';
import { digitText } from './digit-text';
import { Id } from './ids';
import { Order } from './orders';
import { AccountFields } from './product-kind';

/** Schemas of reseller accounts (admin and self-service) and of the signed reseller API (docs/reseller-api.md). */

/** At most this many active keys per reseller. */
export const RESELLER_MAX_ACTIVE_KEYS = 5;
/** A product discount is a whole percent in this range. */
const RESELLER_DISCOUNT_MIN = 1;
const RESELLER_DISCOUNT_MAX = 90;
const RESELLER_MAX_ALLOWED_IPS = 20;

const ResellerKeyStatus = z.enum(['active', 'revoked']);

/** A key's public facts (the secret is answered once, at creation, and never stored). */
export const ResellerKey = z.object({
  id: z.string(),
  label: z.string().nullable(),
  allowed_ips: z.array(z.string()),
  status: ResellerKeyStatus,
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ResellerKey = z.infer<typeof ResellerKey>;

/** Wholesale prices: variant id -> poisha. */
const ResellerPrices = z.record(
  Id,
  z
    .number({ error: 'Price must be a number of poisha' })
    .int('Price must be a whole number of poisha')
    .positive('Price must be more than 0')
    .max(100_000_000),
);
/** Discounts: product id -> whole percent off the variant's price. */
const ProductDiscounts = z.record(
  Id,
  z
    .number({ error: 'Discount must be a number' })
    .int('Discount must be a whole percent')
    .min(RESELLER_DISCOUNT_MIN, `Discount must be ${RESELLER_DISCOUNT_MIN}-${RESELLER_DISCOUNT_MAX}%`)
    .max(RESELLER_DISCOUNT_MAX, `Discount must be ${RESELLER_DISCOUNT_MIN}-${RESELLER_DISCOUNT_MAX}%`),
);

export const ResellerParams = z.object({ userId: Id });
export const ResellerKeyParams = z.object({ userId: Id, keyId: Id });
export const OwnKeyParams = z.object({ keyId: Id });

/** PUT /api/admin/resellers/{userId}: makes a customer a reseller, or updates one (whole lists). */
export const PutResellerBody = z.object({
  is_active: z.boolean({ error: 'is_active must be true or false' }).default(true),
  prices: ResellerPrices.default({}),
  product_discounts: ProductDiscounts.default({}),
});
export type PutResellerBody = z.infer<typeof PutResellerBody>;

export const Reseller = z.object({
  user_id: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  callback_url: z.string().nullable(),
  prices: z.record(z.string(), Poisha),
  product_discounts: z.record(z.string(), z.number().int()),
  balance: Poisha,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Reseller = z.infer<typeof Reseller>;

export const AdminResellerResponse = z.object({ reseller: Reseller, keys: z.array(ResellerKey) });
export const AdminResellersQuery = z.object({
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const AdminResellersPage = z.object({ items: z.array(Reseller), cursor: z.string().nullable() });
export const ResellerKeyResponse = z.object({ key: ResellerKey });

/** One active variant as the reseller buys it. */
export const ResellerPriceRow = z.object({
  product_id: z.string(),
  product_name: z.string(),
  variant_id: z.string(),
  variant_name: z.string(),
  /** The shop's price for customers. */
  list_price: Poisha,
  /** What the reseller pays: wholesale price, else the product discount, else the list price. */
  price: Poisha,
  stock: z.number().int(),
});
export type ResellerPriceRow = z.infer<typeof ResellerPriceRow>;

/** GET /api/reseller/account. */
export const ResellerAccount = z.object({
  user_id: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  callback_url: z.string().nullable(),
  balance: Poisha,
  prices: z.array(ResellerPriceRow),
  keys: z.array(ResellerKey),
  max_active_keys: z.number().int(),
});
export type ResellerAccount = z.infer<typeof ResellerAccount>;

/**
 * PUT /api/reseller/callback-url: https to a public internet address (checked by the handler after
 * resolving the name: functions/src/use-cases/resellers/callback-target.ts); null clears it.
 */
export const PutCallbackUrlBody = z.object({
  callback_url: z
    .url({ error: 'Please enter a valid URL (https://...)', protocol: /^https?$/ })
    .max(500, 'Must be at most 500 characters')
    .nullable(),
});
export const CallbackUrlResponse = z.object({ callback_url: z.string().nullable() });

/** An IPv4/IPv6 address or CIDR range. */
const AllowedIp = z
  .string()
  .trim()
  .pipe(
    z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: 'Must be an IPv4/IPv6 address or CIDR' }),
  );

export const CreateKeyBody = z.object({
  label: z.string().trim().max(60, 'Must be at most 60 characters').nullish(),
  allowed_ips: z
    .array(AllowedIp)
    .max(RESELLER_MAX_ALLOWED_IPS, `At most ${RESELLER_MAX_ALLOWED_IPS} addresses`)
    .default([]),
});
export type CreateKeyBody = z.infer<typeof CreateKeyBody>;

/** The new key and its secret: shown ONCE, the shop can derive it but never answers it again. */
export const CreatedKeyResponse = z.object({ key: ResellerKey, secret: z.string() });

// The signed API (/api/reseller/v1).

const ResellerCatalogVariant = z.object({
  id: z.string(),
  name: z.string(),
  list_price: Poisha,
  price: Poisha,
  stock: z.number().int(),
});
const ResellerCatalogProduct = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  /**
   * What an order for it must carry (DESIGN 11), defaults resolved: none (send no player_uid),
   * player_uid, or player_uid_zone (player_zone too). The rule is the one the server checks.
   */
  account_fields: AccountFields,
  /** The regular expression a player_uid must match whole; null when no UID is asked. */
  uid_pattern: z.string().nullable(),
  /** The refusal's text for a player_uid that breaks the rule; null when no UID is asked. */
  uid_message: z.string().nullable(),
  /** What player_zone is called in the game (e.g. 'Server ID'); null unless a zone is asked. */
  zone_label: z.string().nullable(),
  variants: z.array(ResellerCatalogVariant),
});
export const ResellerCatalogResponse = z.object({ products: z.array(ResellerCatalogProduct) });
export type ResellerCatalogResponse = z.infer<typeof ResellerCatalogResponse>;
export const ResellerBalanceResponse = z.object({ balance: Poisha, currency: z.literal('BDT') });

/** POST /api/reseller/v1/orders (header Idempotency-Key required). Unknown keys are stripped; a promo is refused. */
export const ResellerOrderBody = z.object({
  variant_id: z.string({ error: 'variant_id is required' }).trim().min(1, 'variant_id is required').max(64),
  /** Checked against the product's own rule on the server (none for gift cards). */
  player_uid: digitText().trim().max(PLAYER_UID_MAX, 'Invalid player_uid').nullish(),
  player_zone: digitText().trim().max(ZONE_MAX, 'Invalid player_zone').nullish(),
  player_name: z.string().trim().max(100).nullish(),
  promo_code: z.unknown().optional(),
});
export type ResellerOrderBody = z.infer<typeof ResellerOrderBody>;

export const ResellerOrderResponse = z.object({ order: Order, balance: Poisha.nullable() });
export const ResellerOrderParams = z.object({ id: Id });
export const ResellerOrdersQuery = z.object({
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const ResellerOrdersPage = z.object({ items: z.array(Order), cursor: z.string().nullable() });
export const ResellerOrderView = z.object({ order: Order });
