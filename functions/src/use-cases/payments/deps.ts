import { clock } from '../../runtime/clock';
import { db } from '../../db/client';
import type { PaymentItem } from '../../db/payments/payment-items';
import { config } from '../../runtime/config';
import { gatewayFromConfig } from '../../clients/uddoktapay';
import type { Payment } from '@khelaghor/contract/schemas/payments';
import type { SupplierName } from '@khelaghor/contract/facts';
import { supplierFor } from '../suppliers/supplier-config';

/**
 * The dependencies of the flows that only touch the table (manual top-ups, adjustments, status
 * changes). Kept apart from commerceDeps so their bundles carry no gateway client and with it no
 * read of the gateway's secret (infra grants by the SDK commands in a bundle).
 */
export function tableDeps() {
  return { db: db(), now: clock };
}

/** The dependencies of the flows that talk to the gateway, in a Lambda (tests pass their own). */
export function commerceDeps() {
  const database = db();
  return {
    db: database,
    now: clock,
    gateway: () => gatewayFromConfig(database),
    publicUrl: config().PUBLIC_URL,
  };
}

/**
 * commerceDeps plus the supplier adapters (issue 31), for the flows that take the money of an
 * order a supplier fulfils (placing it, the return page, the webhook, the reseller API) and for
 * the sweep: they send it right after the commit. A function of its own so the other bundles
 * carry no supplier client and no read of the suppliers' secrets.
 */
export function fulfilmentDeps() {
  const base = commerceDeps();
  return { ...base, supplier: (name: SupplierName) => supplierFor(base.db, name) };
}

export function paymentView(p: PaymentItem): Payment {
  return {
    id: p.id,
    kind: p.kind,
    order_id: p.order_id ?? null,
    user_id: p.user_id,
    user_email: p.user_email ?? null,
    amount: p.amount,
    payment_method: p.payment_method,
    payment_provider: p.payment_provider,
    status: p.status,
    invoice_id: p.invoice_id ?? null,
    transaction_id: p.transaction_id ?? null,
    sender_number: p.sender_number ?? null,
    note: p.note ?? null,
    ...(p.receiving_number && { receiving_number: p.receiving_number }),
    ...(p.expires_at && { expires_at: p.expires_at }),
    ...(p.sms_review && { sms_review: p.sms_review }),
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}
