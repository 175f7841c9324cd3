import * as z from '../zod';
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
  label: z.nullable(z.string()),
  allowed_ips: z.array(z.string()),
  status: ResellerKeyStatus,
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
  revoked_at: z.nullable(z.string()),
});
export type ResellerKey = z.infer<typeof ResellerKey>;

/** Wholesale prices: variant id -> poisha. */
const ResellerPrices = z.record(
  Id,
  z
    .number({ error: 'Price must be a number of poisha' })
    .check(
      z.int('Price must be a whole number of poisha'),
      z.positive('Price must be more than 0'),
      z.maximum(100_000_000),
    ),
);
/** Discounts: product id -> whole percent off the variant's price. */
const ProductDiscounts = z.record(
  Id,
  z
    .number({ error: 'Discount must be a number' })
    .check(
      z.int('Discount must be a whole percent'),
      z.minimum(RESELLER_DISCOUNT_MIN, `Discount must be ${RESELLER_DISCOUNT_MIN}-${RESELLER_DISCOUNT_MAX}%`),
      z.maximum(RESELLER_DISCOUNT_MAX, `Discount must be ${RESELLER_DISCOUNT_MIN}-${RESELLER_DISCOUNT_MAX}%`),
    ),
);

export const ResellerParams = z.object({ userId: Id });
export const ResellerKeyParams = z.object({ userId: Id, keyId: Id });
export const OwnKeyParams = z.object({ keyId: Id });

/** PUT /api/admin/resellers/{userId}: makes a customer a reseller, or updates one (whole lists). */
export const PutResellerBody = z.object({
  is_active: z._default(z.boolean({ error: 'is_active must be true or false' }), true),
  prices: z._default(ResellerPrices, {}),
  product_discounts: z._default(ProductDiscounts, {}),
});
export type PutResellerBody = z.infer<typeof PutResellerBody>;

export const Reseller = z.object({
  user_id: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  callback_url: z.nullable(z.string()),
  prices: z.record(z.string(), Poisha),
  product_discounts: z.record(z.string(), z.int()),
  balance: Poisha,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Reseller = z.infer<typeof Reseller>;

export const AdminResellerResponse = z.object({ reseller: Reseller, keys: z.array(ResellerKey) });
export const AdminResellersQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 25),
});
export const AdminResellersPage = z.object({ items: z.array(Reseller), cursor: z.nullable(z.string()) });
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
  stock: z.int(),
});
export type ResellerPriceRow = z.infer<typeof ResellerPriceRow>;

/** GET /api/reseller/account. */
export const ResellerAccount = z.object({
  user_id: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  callback_url: z.nullable(z.string()),
  balance: Poisha,
  prices: z.array(ResellerPriceRow),
  keys: z.array(ResellerKey),
  max_active_keys: z.int(),
});
export type ResellerAccount = z.infer<typeof ResellerAccount>;

/**
 * PUT /api/reseller/callback-url: https to a public internet address (checked by the handler after
 * resolving the name: functions/src/use-cases/resellers/callback-target.ts); null clears it.
 */
export const PutCallbackUrlBody = z.object({
  callback_url: z.nullable(
    z
      .url({ error: 'Please enter a valid URL (https://...)', protocol: /^https?$/ })
      .check(z.maxLength(500, 'Must be at most 500 characters')),
  ),
});
export const CallbackUrlResponse = z.object({ callback_url: z.nullable(z.string()) });

/** An IPv4/IPv6 address or CIDR range. */
const AllowedIp = z.pipe(
  z.string().check(z.trim()),
  z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: 'Must be an IPv4/IPv6 address or CIDR' }),
);

export const CreateKeyBody = z.object({
  label: z.nullish(z.string().check(z.trim(), z.maxLength(60, 'Must be at most 60 characters'))),
  allowed_ips: z._default(
    z
      .array(AllowedIp)
      .check(z.maxLength(RESELLER_MAX_ALLOWED_IPS, `At most ${RESELLER_MAX_ALLOWED_IPS} addresses`)),
    [],
  ),
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
  stock: z.int(),
});
const ResellerCatalogProduct = z.object({
  id: z.string(),
  name: z.string(),
  category: z.nullable(z.string()),
  /**
   * What an order for it must carry (DESIGN 11), defaults resolved: none (send no player_uid),
   * player_uid, or player_uid_zone (player_zone too). The rule is the one the server checks.
   */
  account_fields: AccountFields,
  /** The regular expression a player_uid must match whole; null when no UID is asked. */
  uid_pattern: z.nullable(z.string()),
  /** The refusal's text for a player_uid that breaks the rule; null when no UID is asked. */
  uid_message: z.nullable(z.string()),
  /** What player_zone is called in the game (e.g. 'Server ID'); null unless a zone is asked. */
  zone_label: z.nullable(z.string()),
  variants: z.array(ResellerCatalogVariant),
});
export const ResellerCatalogResponse = z.object({ products: z.array(ResellerCatalogProduct) });
export type ResellerCatalogResponse = z.infer<typeof ResellerCatalogResponse>;
export const ResellerBalanceResponse = z.object({ balance: Poisha, currency: z.literal('BDT') });

/** POST /api/reseller/v1/orders (header Idempotency-Key required). Unknown keys are stripped; a promo is refused. */
export const ResellerOrderBody = z.object({
  variant_id: z
    .string({ error: 'variant_id is required' })
    .check(z.trim(), z.minLength(1, 'variant_id is required'), z.maxLength(64)),
  /** Checked against the product's own rule on the server (none for gift cards). */
  player_uid: z.nullish(digitText().check(z.trim(), z.maxLength(PLAYER_UID_MAX, 'Invalid player_uid'))),
  player_zone: z.nullish(digitText().check(z.trim(), z.maxLength(ZONE_MAX, 'Invalid player_zone'))),
  player_name: z.nullish(z.string().check(z.trim(), z.maxLength(100))),
  promo_code: z.optional(z.unknown()),
});
export type ResellerOrderBody = z.infer<typeof ResellerOrderBody>;

export const ResellerOrderResponse = z.object({ order: Order, balance: z.nullable(Poisha) });
export const ResellerOrderParams = z.object({ id: Id });
export const ResellerOrdersQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 25),
});
export const ResellerOrdersPage = z.object({ items: z.array(Order), cursor: z.nullable(z.string()) });
export const ResellerOrderView = z.object({ order: Order });
