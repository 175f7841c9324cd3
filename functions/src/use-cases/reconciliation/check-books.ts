import type { Supplier, SupplierOrderState } from '../../clients/suppliers/supplier';
import type { Db } from '../../db/client';
import { getSmsItems, walletBooks } from '../../db/reconciliation/day-records';
import type { SupplierOrderItem } from '../../domain/fulfilment/supplier-order';
import type { PaymentItem } from '../../domain/model';
import { taka, type FoundBreak } from './breaks';

/** The shop's other books of the day: manual payments, supplier orders, wallets. */

/**
 * Every credited manual (TrxID) payment against its evidence: the SMS that matched it (same
 * amount), or an admin's decision (`decided_by`; a request the matcher sent to review was
 * decided by an admin too). A credit with neither has no proof the money arrived.
 */
export async function checkManualPayments(db: Db, payments: PaymentItem[]) {
  const credited = payments.filter((p) => p.kind === 'manual_topup' && p.status === 'completed');
  const sms = await getSmsItems(db, [...new Set(credited.flatMap((p) => (p.sms_id ? [p.sms_id] : [])))]);
  const breaks: FoundBreak[] = [];
  for (const p of credited) {
    const decided = Boolean((p as PaymentItem & { decided_by?: string }).decided_by) || Boolean(p.sms_review);
    const message = p.sms_id ? sms.get(p.sms_id) : undefined;
    const matched = message?.status === 'matched' && message.payment_id === p.id ? message : undefined;
    if (matched?.parsed && matched.parsed.amount !== p.amount && !decided)
      breaks.push({
        kind: 'amount_mismatch',
        source: 'manual',
        reference: p.id,
        shop: taka(p.amount),
        other: taka(matched.parsed.amount),
        detail: `TrxID ${p.transaction_id ?? '-'}: credited ${taka(p.amount)}, its SMS says ${taka(matched.parsed.amount)}`,
      });
    else if (!matched && !decided)
      breaks.push({
        kind: 'missing_at_gateway',
        source: 'manual',
        reference: p.id,
        shop: `completed ${taka(p.amount)}`,
        other: null,
        detail: `TrxID ${p.transaction_id ?? '-'} was credited with neither a matching SMS nor an admin's decision`,
      });
  }
  return { breaks, checked: credited.length };
}

/** Where the shop's record says the supplier's order ended, and what the supplier must then say. */
const expected: Partial<Record<SupplierOrderItem['state'], SupplierOrderState['state'][]>> = {
  completed: ['completed'],
  // Refused: the buyer got the money back, so the supplier must not have delivered it.
  refused: ['failed', 'not_found'],
};

/** Each supplier order of the day that has ended, against the supplier's inquiry by our reference. */
export async function checkSupplierOrders(
  supplierFor: (name: NonNullable<SupplierOrderItem['supplier']>) => Promise<Supplier | undefined>,
  records: SupplierOrderItem[],
) {
  const breaks: FoundBreak[] = [];
  const unchecked: string[] = [];
  let checked = 0;
  for (const r of records) {
    const wanted = expected[r.state];
    // Orders still in flight are the fulfilment job's; an operator's order has no supplier to ask.
    if (!wanted || !r.supplier || r.queue_reason === 'manual') continue;
    const supplier = await supplierFor(r.supplier);
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
    if (!wanted.includes(answer.value.state))
      breaks.push({
        kind: 'status_mismatch',
        source: 'supplier',
        reference: r.order_id,
        shop: r.state,
        other: answer.value.state,
        detail: `${r.supplier} says order ${r.order_id} is ${answer.value.state}; the shop's record is ${r.state}`,
      });
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
