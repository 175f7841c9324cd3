import type { SupplierName } from '@khelaghor/contract/facts';
import { SUPPLIER_NAMES, type SupplierHealth } from '@khelaghor/contract/schemas/suppliers';
import type { Db } from '../../db/client';
import { queryCatalog, type VariantItem } from '../../db/catalog/catalog-items';
import { fulfilmentOf, hasJustInTimeSupplier } from '../../domain/fulfilment/variant-fulfilment';
import { readSupplierConfig, supplierFor } from './supplier-config';
import { supplierHealth } from './supplier-health';

/**
 * The supplier vouchers the shop's packages buy, per supplier: a supplier's voucher package, or a
 * stock package that buys from it just in time (what the health page asks the stock of).
 */
function vouchersInUse(variants: VariantItem[]): Record<SupplierName, string[]> {
  const used: Record<SupplierName, Set<string>> = { unipin: new Set(), moogold: new Set() };
  for (const v of variants) {
    const f = fulfilmentOf(v);
    if (!f.supplier || !f.supplier_product_id) continue;
    if (f.kind === 'supplier_voucher' || hasJustInTimeSupplier(f))
      used[f.supplier].add(f.supplier_product_id);
  }
  return { unipin: [...used.unipin].sort(), moogold: [...used.moogold].sort() };
}

/** The admin's supplier health: every supplier, set up or not, asked in parallel. */
export async function suppliersHealth(db: Db, now: Date): Promise<SupplierHealth[]> {
  const vouchers = vouchersInUse((await queryCatalog(db)).variants);
  return Promise.all(
    SUPPLIER_NAMES.map(async (name) => {
      const [settings, supplier] = await Promise.all([readSupplierConfig(db, name), supplierFor(db, name)]);
      return supplierHealth(db, {
        name,
        supplier,
        lowBalance: settings?.lowBalance ?? null,
        voucherProducts: vouchers[name],
        now,
      });
    }),
  );
}

/** How often the sweeper reads the balances (each read is a supplier call), in minutes. */
export const BALANCE_CHECK_MINUTES = 15;

/**
 * The sweeper's balance check: each set-up supplier with an alert level is asked its balance (the
 * counted adapter alerts once when it is below the level), so the alert comes without anyone
 * opening the health page. Returns the suppliers asked.
 */
export async function checkSupplierBalances(db: Db): Promise<SupplierName[]> {
  const asked: SupplierName[] = [];
  for (const name of SUPPLIER_NAMES) {
    const settings = await readSupplierConfig(db, name);
    if (settings?.lowBalance === null || settings?.lowBalance === undefined) continue;
    const supplier = await supplierFor(db, name);
    if (!supplier) continue;
    await supplier.balance();
    asked.push(name);
  }
  return asked;
}
