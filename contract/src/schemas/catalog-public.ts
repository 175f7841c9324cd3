import * as z from 'zod';
import { Poisha } from '../money';
import { banglaNames } from './common';
import { packageValue } from './package-value';
import { ProductKind } from './product-kind';
import { publicDelivery } from './fulfilment';

/** The public catalogue: active products and their variants. */

export const PublicVariant = z.object({
  id: z.string(),
  product_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  ...banglaNames,
  price: Poisha,
  ...packageValue,
  /** The server's price of one unit in poisha (price / units, rounded); null without units. */
  unit_price: Poisha.nullable(),
  /**
   * How many can be bought now: the codes in stock, or VARIANT_UNLIMITED_STOCK for a variant a
   * supplier or an operator fulfils (a stock variant backed by a supplier's voucher adds it), so
   * 'Out of Stock' shows only when the shop has no way to deliver.
   */
  stock: z.number().int(),
  /** What the buyer gets: a code, or a top-up to the game account within delivery_minutes. */
  ...publicDelivery,
});
export type PublicVariant = z.infer<typeof PublicVariant>;

export const CatalogProduct = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    ...banglaNames,
    category: z.string().nullable(),
    /** The Bangla name of the category, set by an admin for the category name (null: none). */
    category_bn: z.string().nullable(),
    image_url: z.string().nullable(),
    display_order: z.number().int(),
    /** Sum of the active variants' stock ('Out of Stock' when 0). */
    stock: z.number().int(),
    /** Active variants, price ascending. */
    variants: z.array(PublicVariant),
  })
  .extend(ProductKind.shape);
export type CatalogProduct = z.infer<typeof CatalogProduct>;

export const CatalogResponse = z.object({ products: z.array(CatalogProduct) });
/** A package on the product page, with the server's badges (domain/catalog/package-badges.ts). */
const ProductPageVariant = PublicVariant.extend({
  /** The lowest price per unit among the packages in stock that have units (at least two). */
  best_value: z.boolean(),
  /** The most completed orders in the last 7 days (at least POPULAR_MIN_SALES). */
  popular: z.boolean(),
});

export const ProductResponse = z.object({
  product: CatalogProduct.extend({ variants: z.array(ProductPageVariant) }),
  /**
   * A player lookup provider is configured (API Setup): the page offers Verify. Without one the
   * buyer types the UID twice instead, and no name is ever shown.
   */
  player_lookup: z.boolean(),
});
export type ProductResponse = z.infer<typeof ProductResponse>;
