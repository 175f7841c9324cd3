import type { GatewayClient, VerifiedPayment } from '../../clients/uddoktapay';
import type { Db } from '../../db/client';
import { shopKnowsInvoice } from '../../db/reconciliation/day-records';
import type { PaymentItem } from '../../domain/model';
import type { FoundBreak } from '../../domain/reconciliation/breaks';
import { compareInvoice, missingAtGateway, missingInShop } from '../../domain/reconciliation/compare';
import { isRefusal } from '../../domain/refusals';

/**
 * Every gateway invoice of the day asked again at the gateway and compared with the shop's
 * records of it; with the sandbox's list, the paid invoices the shop never heard of.
 */

/** Invoices the gateway holds for [from, until): only the sandbox can list them (UddoktaPay has no list call). */
export type InvoiceLister = (from: string, until: string) => Promise<VerifiedPayment[]>;

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
      if (isRefusal(error, 'not_found')) breaks.push(...records.map((p) => missingAtGateway(invoice, p)));
      else unchecked.push(`invoice ${invoice}: the gateway did not answer`);
      continue;
    }
    breaks.push(...compareInvoice(invoice, verified, records));
  }
  if (deps.listInvoices) {
    for (const inv of await deps.listInvoices(day.from, day.until)) {
      if (inv.status !== 'COMPLETED' || byInvoice.has(inv.invoiceId)) continue;
      const named = typeof inv.metadata.payment_id === 'string' ? inv.metadata.payment_id : undefined;
      if (!(await shopKnowsInvoice(deps.db, inv.invoiceId, named))) breaks.push(missingInShop(inv));
    }
  }
  return { breaks, checked: byInvoice.size, unchecked };
}
