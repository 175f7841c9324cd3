import { SUPPLIER_NAMES, type SupplierHealth } from '@khelaghor/contract/schemas/suppliers';
import type { Db } from '../../db/client';
import { readSupplierConfig, supplierFor } from './supplier-config';
import { supplierHealth } from './supplier-health';

/** The admin's supplier health: every supplier, set up or not, asked in parallel. */
export async function suppliersHealth(
  db: Db,
  now: Date,
  voucherProducts: (name: (typeof SUPPLIER_NAMES)[number]) => string[] = () => [],
): Promise<SupplierHealth[]> {
  return Promise.all(
    SUPPLIER_NAMES.map(async (name) => {
      const [settings, supplier] = await Promise.all([readSupplierConfig(db, name), supplierFor(db, name)]);
      return supplierHealth(db, {
        name,
        supplier,
        lowBalance: settings?.lowBalance ?? null,
        voucherProducts: voucherProducts(name),
        now,
      });
    }),
  );
}
