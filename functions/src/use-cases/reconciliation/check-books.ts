import type { Supplier } from '../../clients/suppliers/supplier';
import type { Db } from '../../db/client';
import { getSmsItems, walletBooks } from '../../db/reconciliation/day-records';
import type { SupplierOrderItem } from '../../domain/fulfilment/supplier-order';
import type { PaymentItem } from '../../domain/model';
import { taka, type FoundBreak } from '../../domain/reconciliation/breaks';
import { manualBreak, supplierBreak, supplierOrderEnded } from '../../domain/reconciliation/compare';

/** The shop's other books of the day: manual payments, supplier orders, wallets. */

/** Every credited manual (TrxID) payment against its matched SMS or an admin's decision. */
export async function checkManualPayments(db: Db, payments: PaymentItem[]) {
  const credited = payments.filter((p) => p.kind === 'manual_topup' && p.status === 'completed');
  const sms = await getSmsItems(db, [...new Set(credited.flatMap((p) => (p.sms_id ? [p.sms_id] : [])))]);
  const breaks: FoundBreak[] = [];
  for (const p of credited) {
    const message = p.sms_id ? sms.get(p.sms_id) : undefined;
    // Only an SMS the matcher marked as crediting this very request counts as its evidence.
    const matched = message?.status === 'matched' && message.payment_id === p.id ? message : undefined;
    const found = manualBreak(p, matched ? (matched.parsed?.amount ?? Number.NaN) : undefined);
    if (found) breaks.push(found);
  }
  return { breaks, checked: credited.length };
}

/** Each supplier order of the day that has ended, against the supplier's inquiry by our reference. */
export async function checkSupplierOrders(
  supplierFor: (name: NonNullable<SupplierOrderItem['supplier']>) => Promise<Supplier | undefined>,
  records: SupplierOrderItem[],
) {
  const breaks: FoundBreak[] = [];
  const unchecked: string[] = [];
  let checked = 0;
  // Orders still in flight are the fulfilment job's; an operator's order has no supplier to ask.
  for (const r of records.filter(supplierOrderEnded)) {
    const supplier = await supplierFor(r.supplier!);
    if (!supplier) {
      unchecked.push(`order ${r.order_id}: ${r.supplier} is not set up`);
      continue;
    }
    const answer = await supplier.inquire(r.order_id, r.kind === 'supplier_topup' ? 'topup' : 'voucher');
    if (answer.kind !== 'done') {
      unchecked.push(`order ${r.order_id}: ${r.supplier} did not answer`);
      continue;
    }
    checked += 1;
    const found = supplierBreak(r, answer.value.state);
    if (found) breaks.push(found);
  }
  return { breaks, checked, unchecked };
}

/** Each wallet touched that day: the sum of its ledger against its balance. */
export async function checkWallets(db: Db, userIds: string[]) {
  const breaks: FoundBreak[] = [];
  let checked = 0;
  for (const userId of userIds) {
    const books = await walletBooks(db, userId);
    if (!books) continue;
    checked += 1;
    if (books.balance !== books.ledger)
      breaks.push({
        kind: 'ledger_mismatch',
        source: 'wallet',
        reference: userId,
        shop: taka(books.balance),
        other: taka(books.ledger),
        detail: `The wallet's balance is ${taka(books.balance)}; its ledger adds up to ${taka(books.ledger)}`,
      });
  }
  return { breaks, checked };
}
