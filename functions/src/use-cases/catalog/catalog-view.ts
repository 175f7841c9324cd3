import type { CatalogProduct, ProductResponse, PublicVariant } from '@khelaghor/contract/schemas/catalog';
import type { Db } from '../../db/client';
import {
  queryCatalog,
  queryProduct,
  type ProductItem,
  type VariantItem,
} from '../../db/catalog/catalog-items';
import { notFound } from '../../domain/refusals';
import { productKind } from '../../domain/product-kind';
import { readPlayerLookup } from '../../db/players/lookup-config';
import { readSalesCounts } from '../../db/catalog/sales-counts';
import { queryCategoryNamesBn } from '../../db/catalog/category-items';
import { bestValueIds, popularIds, unitPrice } from '../../domain/catalog/package-badges';
import { deliveryOf, fulfilmentOf, publicStock } from '../../domain/fulfilment/variant-fulfilment';
import { supplierGameOf } from '../players/supplier-lookup';
import { getSiteSettingsItem } from '../../db/site/site-items';
import { DEFAULT_SITE_SETTINGS } from '@khelaghor/contract/site-defaults';

/** The shop's promise for an operator's top-up (site settings; the default before a save). */
export async function readOperatorMinutes(db: Db): Promise<number> {
  return (await getSiteSettingsItem(db))?.operator_minutes ?? DEFAULT_SITE_SETTINGS.operator_minutes;
}

/** Products in display order (ties by name), as the home page and the admin list show them. */
export function byDisplayOrder<T extends { display_order: number; name: string }>(a: T, b: T): number {
  return a.display_order - b.display_order || a.name.localeCompare(b.name);
}

/** What a package gives, null where not set (variants stored before these fields have none). */
export const packageValueOf = (
  v: Partial<Pick<VariantItem, 'units' | 'unit_name' | 'unit_name_bn' | 'face_value'>>,
) => ({
  units: v.units ?? null,
  unit_name: v.unit_name ?? null,
  unit_name_bn: v.unit_name_bn ?? null,
  face_value: v.face_value ?? null,
});

const byPrice = (a: VariantItem, b: VariantItem) => a.price - b.price || a.name.localeCompare(b.name);

function publicVariant(v: VariantItem, operatorMinutes: number): PublicVariant {
  const fulfilment = fulfilmentOf(v);
  return {
    id: v.id,
    product_id: v.product_id,
    name: v.name,
    description: v.description ?? null,
    name_bn: v.name_bn ?? null,
    description_bn: v.description_bn ?? null,
    price: v.price,
    ...packageValueOf(v),
    unit_price: unitPrice(v),
    stock: publicStock(fulfilment, v.stock ?? 0),
    ...deliveryOf(fulfilment, operatorMinutes),
  };
}

function publicProduct(
  p: ProductItem,
  variants: VariantItem[],
  categoriesBn: Map<string, string>,
  operatorMinutes: number,
): CatalogProduct {
  const active = variants
    .filter((v) => v.is_active)
    .sort(byPrice)
    .map((v) => publicVariant(v, operatorMinutes));
  return {
    id: p.id,
    name: p.name,
    description: p.description ?? null,
    name_bn: p.name_bn ?? null,
    description_bn: p.description_bn ?? null,
    category: p.category ?? null,
    category_bn: (p.category && categoriesBn.get(p.category)) || null,
    image_url: p.image_url ?? null,
    display_order: p.display_order ?? 0,
    stock: active.reduce((sum, v) => sum + v.stock, 0),
    variants: active,
    ...productKind(p),
  };
}

/** GET /api/catalog: one Query of the CATALOG partition, grouped and ordered in memory. */
export async function getCatalog(db: Db): Promise<{ products: CatalogProduct[] }> {
  const [{ products, variants, categoriesBn }, operatorMinutes] = await Promise.all([
    queryCatalog(db),
    readOperatorMinutes(db),
  ]);
  const byProduct = new Map<string, VariantItem[]>();
  for (const v of variants) byProduct.set(v.product_id, [...(byProduct.get(v.product_id) ?? []), v]);
  return {
    products: products
      .filter((p) => p.is_active)
      .sort(byDisplayOrder)
      .map((p) => publicProduct(p, byProduct.get(p.id) ?? [], categoriesBn, operatorMinutes)),
  };
}

/**
 * GET /api/products/{id}: unknown or inactive answers 404 'Product not found'. It says whether a
 * player lookup provider is configured, so the page offers Verify or asks for the UID twice, and
 * marks the packages 'Best value' and 'Popular' (the last 7 days' sales: sales-counts.ts).
 */
export async function getPublicProduct(
  db: Db,
  productId: string,
  now: Date,
): Promise<{ product: ProductResponse['product']; player_lookup: boolean }> {
  const [{ product, variants }, lookup, categoriesBn, operatorMinutes] = await Promise.all([
    queryProduct(db, productId),
    readPlayerLookup(db),
    queryCategoryNamesBn(db),
    readOperatorMinutes(db),
  ]);
  if (!product || !product.is_active) throw notFound('Product not found');
  const sales = await readSalesCounts(db, productId, now, variants);
  const shown = publicProduct(product, variants, categoriesBn, operatorMinutes);
  const best = bestValueIds(shown.variants);
  const popular = popularIds(
    sales,
    shown.variants.map((v) => v.id),
  );
  return {
    product: {
      ...shown,
      variants: shown.variants.map((v) => ({ ...v, best_value: best.has(v.id), popular: popular.has(v.id) })),
    },
    // A supplier checks players only for the products it tops up (use-cases/players/supplier-lookup.ts).
    player_lookup:
      lookup.provider === 'unipin' || lookup.provider === 'moogold'
        ? supplierGameOf(variants, lookup.provider) !== undefined
        : lookup.provider !== 'none',
  };
}
