import type { SupplierOrderItem } from '../fulfilment/supplier-order';
import type { PaymentItem } from '../model';
import type { VerifiedAnswer } from '../payments/settlement';
import { taka, type FoundBreak } from './breaks';

/**
 * The reconciliation's rules: what the shop's record of something must agree with on the other
 * side, and the break when it does not (docs/operations.md, 'Daily reconciliation').
 */

/** Statuses in which the shop holds a gateway payment's money (review: paid short, an operator decides). */
const PAID_IN_SHOP = new Set(['completed', 'review']);

/**
 * One invoice as the gateway verified it against the shop's records of it: its payment (order or
 * top-up) and the unexpected payments recorded from it. Statuses must agree (paid on both sides or
 * on neither; a charge the shop recorded as a late payment is accounted for), and a paid record's
 * amount must be the gateway's.
 */
export function compareInvoice(invoice: string, v: VerifiedAnswer, records: PaymentItem[]): FoundBreak[] {
  const out: FoundBreak[] = [];
  const paidAtGateway = v.status === 'COMPLETED';
  const latePayment = records.some((p) => p.kind === 'unexpected' && p.reason === 'late_payment');
  for (const p of records) {
    const shopPaid = p.kind === 'unexpected' || PAID_IN_SHOP.has(p.status);
    if (shopPaid !== paidAtGateway && !(paidAtGateway && latePayment)) {
      out.push({
        kind: 'status_mismatch',
        source: 'gateway',
        reference: p.id,
        shop: p.status,
        other: v.status,
        detail: shopPaid
          ? `The shop counts invoice ${invoice} as paid; the gateway says ${v.status}`
          : `Invoice ${invoice} is paid at the gateway; the shop's ${p.kind} payment is ${p.status}`,
      });
      continue;
    }
    if (shopPaid && paidAtGateway && p.paid_amount !== undefined && p.paid_amount !== v.amount)
      out.push({
        kind: 'amount_mismatch',
        source: 'gateway',
        reference: p.id,
        shop: taka(p.paid_amount),
        other: taka(v.amount),
        detail: `Invoice ${invoice}: the shop recorded ${taka(p.paid_amount)} paid, the gateway says ${taka(v.amount)}`,
      });
  }
  return out;
}

/** A gateway payment whose invoice the gateway does not know. */
export const missingAtGateway = (invoice: string, p: PaymentItem): FoundBreak => ({
  kind: 'missing_at_gateway',
  source: 'gateway',
  reference: p.id,
  shop: `${p.status} ${taka(p.paid_amount ?? p.amount)}`,
  other: null,
  detail: `The gateway does not know invoice ${invoice} of this ${p.kind} payment`,
});

/** An invoice paid at the gateway that the shop holds no record of. */
export const missingInShop = (v: VerifiedAnswer): FoundBreak => ({
  kind: 'missing_in_shop',
  source: 'gateway',
  reference: v.invoiceId,
  shop: null,
  other: `COMPLETED ${taka(v.amount)}`,
  detail: `Invoice ${v.invoiceId} was paid at the gateway (${v.paymentMethod ?? 'method unknown'}, transaction ${v.transactionId ?? '-'}) and the shop has no record of it`,
});

/**
 * A credited manual (TrxID) payment needs evidence: the SMS that matched it, for the same amount,
 * or an admin's decision (`decided_by`; a request the matcher sent to review is an admin's too).
 * `smsAmount`: the amount of the SMS matched to this request, if any.
 */
export function manualBreak(
  p: PaymentItem & { decided_by?: string },
  smsAmount: number | undefined,
): FoundBreak | undefined {
  if (p.kind !== 'manual_topup' || p.status !== 'completed') return undefined;
  if (p.decided_by || p.sms_review) return undefined;
  if (smsAmount === undefined)
    return {
      kind: 'missing_at_gateway',
      source: 'manual',
      reference: p.id,
      shop: `completed ${taka(p.amount)}`,
      other: null,
      detail: `TrxID ${p.transaction_id ?? '-'} was credited with neither a matching SMS nor an admin's decision`,
    };
  if (smsAmount !== p.amount)
    return {
      kind: 'amount_mismatch',
      source: 'manual',
      reference: p.id,
      shop: taka(p.amount),
      other: taka(smsAmount),
      detail: `TrxID ${p.transaction_id ?? '-'}: credited ${taka(p.amount)}, its SMS says ${taka(smsAmount)}`,
    };
  return undefined;
}

type SupplierSays = 'completed' | 'processing' | 'failed' | 'not_found';
/** Where the shop's record says the supplier's order ended, and what the supplier may then say. */
const SUPPLIER_AGREES: Partial<Record<SupplierOrderItem['state'], SupplierSays[]>> = {
  completed: ['completed'],
  // Refused: the buyer got the money back, so the supplier must not have delivered it.
  refused: ['failed', 'not_found'],
};

/** Whether a supplier order is the reconciliation's to check: ended, and sent to a supplier. */
export const supplierOrderEnded = (r: SupplierOrderItem) =>
  Boolean(SUPPLIER_AGREES[r.state] && r.supplier && r.queue_reason !== 'manual');

export function supplierBreak(r: SupplierOrderItem, says: SupplierSays): FoundBreak | undefined {
  const agrees = SUPPLIER_AGREES[r.state];
  if (!agrees || agrees.includes(says)) return undefined;
  return {
    kind: 'status_mismatch',
    source: 'supplier',
    reference: r.order_id,
    shop: r.state,
    other: says,
    detail: `${r.supplier ?? 'The supplier'} says order ${r.order_id} is ${says}; the shop's record is ${r.state}`,
  };
}
