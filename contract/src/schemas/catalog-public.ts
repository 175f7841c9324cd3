import * as z from 'zod';
import { Poisha } from '../money';
import { banglaNames } from './common';
import { ProductKind } from './product-kind';

/** The public catalogue: active products and their variants. */

export const PublicVariant = z.object({
  id: z.string(),
  product_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  ...banglaNames,
  price: Poisha,
  /** Available voucher codes. */
  stock: z.number().int(),
});
export type PublicVariant = z.infer<typeof PublicVariant>;

export const CatalogProduct = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    ...banglaNames,
    category: z.string().nullable(),
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
export const ProductResponse = z.object({
  product: CatalogProduct,
  /**
   * A player lookup provider is configured (API Setup): the page offers Verify. Without one the
   * buyer types the UID twice instead, and no name is ever shown.
   */
  player_lookup: z.boolean(),
});
