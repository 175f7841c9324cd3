import * as z from '../zod';
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
  description: z.nullable(z.string()),
  ...banglaNames,
  price: Poisha,
  ...packageValue,
  /** The server's price of one unit in poisha (price / units, rounded); null without units. */
  unit_price: z.nullable(Poisha),
  /**
   * How many can be bought now: the codes in stock, or VARIANT_UNLIMITED_STOCK for a variant a
   * supplier or an operator fulfils (a stock variant backed by a supplier's voucher adds it), so
   * 'Out of Stock' shows only when the shop has no way to deliver.
   */
  stock: z.int(),
  /** What the buyer gets: a code, or a top-up to the game account within delivery_minutes. */
  ...publicDelivery,
});
export type PublicVariant = z.infer<typeof PublicVariant>;

export const CatalogProduct = z.extend(
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.nullable(z.string()),
    ...banglaNames,
    category: z.nullable(z.string()),
    /** The Bangla name of the category, set by an admin for the category name (null: none). */
    category_bn: z.nullable(z.string()),
    image_url: z.nullable(z.string()),
    display_order: z.int(),
    /** Sum of the active variants' stock ('Out of Stock' when 0). */
    stock: z.int(),
    /** Active variants, price ascending. */
    variants: z.array(PublicVariant),
  }),
  ProductKind.shape,
);
export type CatalogProduct = z.infer<typeof CatalogProduct>;

export const CatalogResponse = z.object({ products: z.array(CatalogProduct) });
/** A package on the product page, with the server's badges (domain/catalog/package-badges.ts). */
const ProductPageVariant = z.extend(PublicVariant, {
  /** The lowest price per unit among the packages in stock that have units (at least two). */
  best_value: z.boolean(),
  /** The most completed orders in the last 7 days (at least POPULAR_MIN_SALES). */
  popular: z.boolean(),
});

export const ProductResponse = z.object({
  product: z.extend(CatalogProduct, { variants: z.array(ProductPageVariant) }),
  /**
   * A player lookup provider is configured (API Setup): the page offers Verify. Without one the
   * buyer types the UID twice instead, and no name is ever shown.
   */
  player_lookup: z.boolean(),
});
export type ProductResponse = z.infer<typeof ProductResponse>;
