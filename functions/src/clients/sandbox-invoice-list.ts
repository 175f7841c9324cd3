import type { Db } from '../db/client';
import { effectiveGatewayConfig } from '../db/payments/gateway-config';
import { resolveGatewayKey } from './secret-store';
import { amountToPoisha, API_KEY_HEADER, type VerifiedPayment } from './uddoktapay';

/**
 * UddoktaPay has no call that lists a merchant's invoices, so on the real gateway the daily
 * reconciliation cannot see invoices the shop never heard of. The local sandbox can list them
 * (`POST /api/sandbox/invoices`, local/src/sandbox/server.ts); the local stack and the tests set
 * GATEWAY_INVOICE_LIST=sandbox to use it. Never set on AWS.
 */
export async function sandboxInvoiceLister(
  db: Db,
): Promise<((from: string, until: string) => Promise<VerifiedPayment[]>) | undefined> {
  if (process.env.GATEWAY_INVOICE_LIST !== 'sandbox') return undefined;
  const cfg = await effectiveGatewayConfig(db);
  const apiKey = await resolveGatewayKey(db.table, cfg.key);
  return async (from, until) => {
    const res = await fetch(`${cfg.baseUrl.replace(/\/$/, '')}/api/sandbox/invoices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [API_KEY_HEADER]: apiKey },
      body: JSON.stringify({ from, until }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`The sandbox's invoice list answered ${res.status}`);
    const body = (await res.json()) as { invoices: Array<Record<string, unknown>> };
    return body.invoices.map((inv) => ({
      invoiceId: String(inv.invoice_id),
      status: inv.status === 'COMPLETED' ? 'COMPLETED' : inv.status === 'PENDING' ? 'PENDING' : 'FAILED',
      amount: inv.status === 'COMPLETED' ? amountToPoisha(inv.amount) : 0,
      metadata: (inv.metadata ?? {}) as Record<string, unknown>,
      paymentMethod: inv.payment_method ? String(inv.payment_method) : null,
      senderNumber: inv.sender_number ? String(inv.sender_number) : null,
      transactionId: inv.transaction_id ? String(inv.transaction_id) : null,
    }));
  };
}
