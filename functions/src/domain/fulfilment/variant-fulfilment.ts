import {
  OPERATOR_PROMISE_MINUTES_DEFAULT,
  SUPPLIER_PROMISE_MINUTES,
  VARIANT_UNLIMITED_STOCK,
  type FulfilmentKind,
  type SupplierName,
} from '@khelaghor/contract/facts';

/**
 * A variant's fulfilment setting as stored on the variant item (`fulfilment`, absent on variants
 * stored before issue 31: codes from stock), and what it means for the storefront.
 */
export interface StoredFulfilment {
  kind: FulfilmentKind;
  supplier: SupplierName | null;
  /** UniPin denomination_id / voucher_code, MooGold variation id. */
  supplier_product_id: string | null;
  /** UniPin game_code, or the key of MooGold's game fields. */
  game_code: string | null;
}

export const STOCK_ONLY: StoredFulfilment = {
  kind: 'stock',
  supplier: null,
  supplier_product_id: null,
  game_code: null,
};

export const fulfilmentOf = (v: { fulfilment?: StoredFulfilment | null }): StoredFulfilment =>
  v.fulfilment ?? STOCK_ONLY;

/** A stock variant that names a supplier's voucher buys from it when its stock is empty. */
export const hasJustInTimeSupplier = (f: StoredFulfilment): boolean =>
  f.kind === 'stock' && Boolean(f.supplier && f.supplier_product_id);

/** Orders of this variant wait for a supplier or an operator (status `processing` once paid). */
export const isDeferred = (f: StoredFulfilment): boolean =>
  f.kind === 'supplier_topup' || f.kind === 'operator' || f.kind === 'supplier_voucher';

/** What the buyer gets: a code at once, or a top-up to the game account within N minutes. */
export function deliveryOf(
  f: StoredFulfilment,
  operatorMinutes = OPERATOR_PROMISE_MINUTES_DEFAULT,
): { delivery: 'code' | 'game_account'; delivery_minutes: number | null } {
  if (f.kind === 'supplier_topup')
    return { delivery: 'game_account', delivery_minutes: SUPPLIER_PROMISE_MINUTES };
  if (f.kind === 'operator') return { delivery: 'game_account', delivery_minutes: operatorMinutes };
  return { delivery: 'code', delivery_minutes: null };
}

/**
 * The public stock: codes in stock for a plain stock variant; VARIANT_UNLIMITED_STOCK where a
 * supplier or an operator delivers (the supplier's own stock is not asked on every catalogue
 * read: a refused voucher request is refunded, docs/suppliers.md).
 */
export const publicStock = (f: StoredFulfilment, codes: number): number =>
  f.kind === 'stock' && !hasJustInTimeSupplier(f) ? Math.max(0, codes) : VARIANT_UNLIMITED_STOCK;

/**
 * How an order of this variant is fulfilled when it is not a stock code: the variant's supplier
 * or operator, or, for a stock variant that names a supplier's voucher, that voucher bought just
 * in time when no code is left. Undefined: a code from stock.
 */
export function deferredFulfilment(
  v: { fulfilment?: StoredFulfilment | null },
  codesInStock: number,
): StoredFulfilment | undefined {
  const f = fulfilmentOf(v);
  if (isDeferred(f)) return f;
  if (hasJustInTimeSupplier(f) && codesInStock <= 0) return { ...f, kind: 'supplier_voucher' };
  return undefined;
}
