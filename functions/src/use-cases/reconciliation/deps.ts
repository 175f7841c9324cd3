import { gatewayFromConfig } from '../../clients/uddoktapay';
import { sandboxInvoiceLister } from '../../clients/sandbox-invoice-list';
import type { Db } from '../../db/client';
import { supplierFor } from '../suppliers/supplier-config';
import type { ReconcileDeps } from './reconcile-day';

/** The reconciliation's dependencies in a function: the gateway and suppliers from API Setup. */
export async function reconcileDeps(db: Db, now: () => Date): Promise<ReconcileDeps> {
  return {
    db,
    gateway: () => gatewayFromConfig(db),
    listInvoices: await sandboxInvoiceLister(db),
    supplier: (name) => supplierFor(db, name, { now }),
    now,
  };
}
