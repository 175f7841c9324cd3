/**
 * The home page's product search, on the catalogue already loaded (no API call). A buyer types a
 * game the way their keyboard writes it: Bangla or English names, Bengali or Latin digits
 * ('১০০' finds '100'), with or without the invisible joiners Bangla keyboards insert.
 */
import { toAsciiDigits } from '@khelaghor/contract/digits';

/** What a product offers to the search: its names in both languages, its category, its packages. */
export interface Searchable {
  name: string;
  name_bn?: string | null;
  category?: string | null;
  /** The category's Bangla name (an admin's, per category). */
  category_bn?: string | null;
  variants: ReadonlyArray<{ name: string; name_bn?: string | null }>;
}

/**
 * One spelling for comparing: NFC (so composed and decomposed letters match), no zero-width
 * characters (ZWSP, ZWNJ, ZWJ, BOM), Latin digits (from any script's), lower case, single spaces.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
    .replace(/\p{Nd}/gu, toAsciiDigits)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function haystack(product: Searchable): string {
  const parts = [product.name, product.name_bn, product.category, product.category_bn];
  for (const variant of product.variants) parts.push(variant.name, variant.name_bn);
  return normalizeSearchText(parts.filter(Boolean).join('\n'));
}

/**
 * The products whose names, category or package names hold every word of the query (in any
 * order), in the catalogue's order. An empty query keeps them all.
 */
export function searchProducts<P extends Searchable>(products: readonly P[], query: string): P[] {
  const words = normalizeSearchText(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...products];
  return products.filter((product) => {
    const text = haystack(product);
    return words.every((word) => text.includes(word));
  });
}
