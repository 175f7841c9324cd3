import { notFound, outOfStock } from '../refusals';

export interface Sellable {
  variant?: {
    id: string;
    name: string;
    name_bn?: string | null;
    price: number;
    stock: number;
    is_active: boolean;
  };
  product?: { id: string; name: string; name_bn?: string | null; is_active: boolean };
}

export interface PricedOrder {
  variant: NonNullable<Sellable['variant']>;
  product: NonNullable<Sellable['product']>;
  /** What the buyer pays, in poisha: the variant's price as stored, never a number from the request. */
  total: number;
}

/**
 * The price check: an order may be placed for an active variant of an active product that has
 * stock, and it costs the variant's stored price (one unit per order). Anything else is refused
 * before a code is touched.
 */
export function priceOrder({ variant, product }: Sellable): PricedOrder {
  // An unknown (or switched-off) package says so; its product's own absence is the product's.
  if (!variant || !variant.is_active) throw notFound('Variant not found');
  if (!product || !product.is_active) throw notFound('Product not found');
  if (!(variant.stock > 0)) throw outOfStock();
  if (!Number.isInteger(variant.price) || variant.price <= 0) throw notFound('Product not found');
  return { variant, product, total: variant.price };
}
