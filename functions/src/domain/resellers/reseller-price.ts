/** What a reseller's price list says about one variant. */
export interface PriceList {
  /** Wholesale price per variant id, poisha. */
  prices: Record<string, number>;
  /** Percent off per product id (1..90). */
  product_discounts: Record<string, number>;
}

/**
 * The reseller's price of a variant, in poisha: the wholesale price when the list has one, else
 * the variant's price less the product's discount (rounded down, never below 1 poisha), else the
 * variant's price.
 */
export function resellerPrice(
  list: PriceList,
  variant: { id: string; price: number },
  productId: string,
): number {
  const wholesale = list.prices[variant.id];
  if (Number.isInteger(wholesale) && wholesale! > 0) return wholesale!;
  const percent = list.product_discounts[productId];
  if (Number.isInteger(percent) && percent! > 0 && percent! < 100) {
    return Math.max(1, Math.floor((variant.price * (100 - percent!)) / 100));
  }
  return variant.price;
}
