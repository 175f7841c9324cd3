import type {
  ResellerAccount,
  ResellerCatalogResponse,
  ResellerKey,
  ResellerPriceRow,
  Reseller,
} from '@khelaghor/contract/schemas/reseller';
import { RESELLER_MAX_ACTIVE_KEYS } from '@khelaghor/contract/schemas/reseller';
import { queryCatalog } from '../../db/catalog/catalog-items';
import type { Db } from '../../db/client';
import { getProfile } from '../../db/users/profiles';
import { getReseller, type ResellerItem } from '../../db/resellers/reseller-item';
import { listResellerKeys, type ResellerKeyItem } from '../../db/resellers/reseller-keys';
import { forbidden } from '../../domain/refusals';
import { orderFields } from '../../domain/product-kind';
import { resellerPrice } from '../../domain/resellers/reseller-price';
import { getCatalog } from '../catalog/catalog-view';

/** The self-service routes' gate: a signed-in customer with an active reseller account. */
export async function requireActiveReseller(db: Db, userId: string): Promise<ResellerItem> {
  const reseller = await getReseller(db, userId);
  if (!reseller?.is_active) throw forbidden('Reseller account required');
  return reseller;
}

/** A key's public facts: never its hash. */
export function keyView(k: ResellerKeyItem): ResellerKey {
  return {
    id: k.key_id,
    label: k.label ?? null,
    allowed_ips: k.allowed_ips ?? [],
    status: k.status,
    created_at: k.created_at,
    last_used_at: k.last_used_at ?? null,
    revoked_at: k.revoked_at ?? null,
  };
}

export function resellerView(r: ResellerItem, balance: number): Reseller {
  return {
    user_id: r.user_id,
    email: r.email,
    is_active: r.is_active,
    callback_url: r.callback_url ?? null,
    prices: r.prices ?? {},
    product_discounts: r.product_discounts ?? {},
    balance,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The catalogue's active products and variants at the reseller's prices, with stock. */
export async function resellerCatalog(db: Db, r: ResellerItem): Promise<ResellerCatalogResponse> {
  const { products } = await getCatalog(db);
  return {
    products: products.map((p) => ({
      id: p.id,
      name: p.name,
      category: p.category,
      ...orderFields(p),
      variants: p.variants.map((v) => ({
        id: v.id,
        name: v.name,
        list_price: v.price,
        price: resellerPrice(r, v, p.id),
        stock: v.stock,
      })),
    })),
  };
}

async function priceRows(db: Db, r: ResellerItem): Promise<ResellerPriceRow[]> {
  const { products } = await resellerCatalog(db, r);
  return products.flatMap((p) =>
    p.variants.map((v) => ({
      product_id: p.id,
      product_name: p.name,
      variant_id: v.id,
      variant_name: v.name,
      list_price: v.list_price,
      price: v.price,
      stock: v.stock,
    })),
  );
}

/** GET /api/reseller/account. */
export async function resellerAccount(db: Db, r: ResellerItem): Promise<ResellerAccount> {
  const [prices, keys, profile] = await Promise.all([
    priceRows(db, r),
    listResellerKeys(db, r.user_id),
    getProfile(db, r.user_id),
  ]);
  return {
    ...resellerView(r, profile?.balance ?? 0),
    prices,
    keys: keys.map(keyView),
    max_active_keys: RESELLER_MAX_ACTIVE_KEYS,
  };
}

/**
 * Checks an admin's price list against the catalogue: every variant and product id must exist
 * (inactive ones may be priced ahead). Answers per-field messages for the 400.
 */
export async function unknownPriceListIds(
  db: Db,
  list: { prices: Record<string, number>; product_discounts: Record<string, number> },
): Promise<Record<string, string>> {
  const { products, variants } = await queryCatalog(db);
  const productIds = new Set(products.map((p) => p.id));
  const variantIds = new Set(variants.map((v) => v.id));
  const fields: Record<string, string> = {};
  for (const id of Object.keys(list.prices))
    if (!variantIds.has(id)) fields[`prices.${id}`] = 'Unknown variant';
  for (const id of Object.keys(list.product_discounts))
    if (!productIds.has(id)) fields[`product_discounts.${id}`] = 'Unknown product';
  return fields;
}
