import type { GatewayClient, VerifiedPayment } from '../../clients/uddoktapay';
import type { Db } from '../../db/client';
import { shopKnowsInvoice } from '../../db/reconciliation/day-records';
import type { PaymentItem } from '../../domain/model';
import { Refusal } from '../../domain/refusals';
import { taka, type FoundBreak } from './breaks';

/**
 * Every gateway invoice of the day asked again at the gateway and compared with the shop's
 * records of it. The shop's side of an invoice: its payment (order or top-up) and the
 * unexpected payments recorded from it (a second invoice, an overpayment's excess, a late payment).
 */

/** Invoices the gateway holds for [from, until): only the sandbox can list them (UddoktaPay has no list call). */
export type InvoiceLister = (from: string, until: string) => Promise<VerifiedPayment[]>;

const PAID_IN_SHOP = new Set(['completed', 'review']);

export async function checkGateway(
  deps: { db: Db; gateway: GatewayClient; listInvoices?: InvoiceLister },
  day: { from: string; until: string },
  payments: PaymentItem[],
): Promise<{ breaks: FoundBreak[]; checked: number; unchecked: string[] }> {
  const byInvoice = new Map<string, PaymentItem[]>();
  for (const p of payments) {
    if (p.payment_provider !== 'uddoktapay') continue;
    const invoice = p.invoice_id ?? p.invoice_hint;
    if (!invoice) continue; // the charge was never created: nothing exists at the gateway
    byInvoice.set(invoice, [...(byInvoice.get(invoice) ?? []), p]);
  }
  const breaks: FoundBreak[] = [];
  const unchecked: string[] = [];
  for (const [invoice, records] of byInvoice) {
    let verified: VerifiedPayment;
    try {
      verified = await deps.gateway.verifyPayment(invoice);
    } catch (error) {
      if (error instanceof Refusal && error.code === 'not_found') {
        for (const p of records)
          breaks.push({
            kind: 'missing_at_gateway',
            source: 'gateway',
            reference: p.id,
            shop: `${p.status} ${taka(p.paid_amount ?? p.amount)}`,
            other: null,
            detail: `The gateway does not know invoice ${invoice} of this ${p.kind} payment`,
          });
        continue;
      }
      unchecked.push(`invoice ${invoice}: the gateway did not answer`);
      continue;
    }
    breaks.push(...compareInvoice(invoice, verified, records));
  }
  if (deps.listInvoices) {
    const listed = await deps.listInvoices(day.from, day.until);
    for (const inv of listed) {
      if (inv.status !== 'COMPLETED' || byInvoice.has(inv.invoiceId)) continue;
      const named = typeof inv.metadata.payment_id === 'string' ? inv.metadata.payment_id : undefined;
      if (await shopKnowsInvoice(deps.db, inv.invoiceId, named)) continue;
      breaks.push({
        kind: 'missing_in_shop',
        source: 'gateway',
        reference: inv.invoiceId,
        shop: null,
        other: `COMPLETED ${taka(inv.amount)}`,
        detail: `Invoice ${inv.invoiceId} was paid at the gateway (${inv.paymentMethod ?? 'method unknown'}, transaction ${inv.transactionId ?? '-'}) and the shop has no record of it`,
      });
    }
  }
  return { breaks, checked: byInvoice.size, unchecked };
}

/** One invoice: its payment's status and amount, and each unexpected payment's amount, against the gateway. */
function compareInvoice(invoice: string, v: VerifiedPayment, records: PaymentItem[]): FoundBreak[] {
  const out: FoundBreak[] = [];
  const paidAtGateway = v.status === 'COMPLETED';
  const unexpected = records.filter((p) => p.kind === 'unexpected');
  for (const p of records) {
    const shopPaid = p.kind === 'unexpected' || PAID_IN_SHOP.has(p.status);
    // A charge the gateway paid that the shop recorded as unexpected (a late payment) is accounted for.
    const accounted =
      shopPaid || unexpected.some((u) => u.invoice_id === invoice && u.reason === 'late_payment');
    if (shopPaid !== paidAtGateway && !(paidAtGateway && accounted)) {
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
