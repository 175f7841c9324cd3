/**
 * 2. Delivery latency: gateway orders placed through the API (a code reserved each), paid on the
 * sandbox with its webhook switched off, then the webhook POSTed by the bench to the API's
 * /api/payments/webhook. The figure is the time from sending the webhook to its answer: the
 * handler re-verifies the invoice with the gateway and delivers the code in one transaction before
 * it answers, so the answer means "code delivered".
 */
import { randomUUID } from 'node:crypto';
import { callRoute } from '../../e2e/src/api';
// eslint-disable-next-line boundaries/element-types -- a floor break kept until functions/ offers this through db/, use-cases/ or handlers/
import { MAX_UNPAID_ORDERS } from '../../functions/src/domain/orders/unpaid-slots';
import { SANDBOX_API_KEY } from '../../local/src/stack';
import type { Row } from './report';
import { adminToken, createVariant, fundedUsers, importCodes, PLAYER_UID } from './shop';
import type { BenchStack } from './stack';
import { percentile, pool, round } from './stats';

export async function deliveryLatency(
  stack: BenchStack,
  opts: { payments: number; log: (line: string) => void },
): Promise<{ rows: Row[]; raw: unknown }> {
  const admin = await adminToken(stack);
  const { variantId } = await createVariant(stack, admin, 'Delivery', 5_000);
  await importCodes(stack, admin, variantId, opts.payments);
  // A buyer holds at most MAX_UNPAID_ORDERS unpaid gateway orders: enough buyers for every order.
  const buyers = await fundedUsers(stack, admin, Math.ceil(opts.payments / MAX_UNPAID_ORDERS), 0);

  opts.log(`placing ${opts.payments} bKash orders and paying them on the sandbox (webhook off)`);
  const invoices = await pool(
    Array.from({ length: opts.payments }, (_, i) => i),
    4,
    async (i) => {
      const buyer = buyers[i % buyers.length]!;
      const res = await callRoute<{ payment_url: string | null }>(stack, 'placeOrder', {
        token: buyer.token,
        headers: { 'idempotency-key': randomUUID() },
        body: { variant_id: variantId, player_uid: PLAYER_UID, payment_method: 'bkash' },
      });
      if (res.status !== 201 || !res.body.payment_url)
        throw new Error(`gateway order: ${res.status} ${JSON.stringify(res.body)}`);
      const invoiceId = new URL(res.body.payment_url).pathname.split('/').pop()!;
      const paid = await fetch(`${stack.gatewayUrl}/payment/${invoiceId}/action`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'pay', webhook: 'never', method: 'bkash' }),
        redirect: 'manual',
      });
      if (paid.status !== 303) throw new Error(`sandbox pay: ${paid.status}`);
      return invoiceId;
    },
  );

  opts.log(`sending ${invoices.length} webhooks (4 at a time)`);
  const outcomes: Record<string, number> = {};
  const latencies = await pool(invoices, 4, async (invoiceId) => {
    const t = performance.now();
    const res = await fetch(`${stack.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'RT-UDDOKTAPAY-API-KEY': SANDBOX_API_KEY },
      body: JSON.stringify({ invoice_id: invoiceId, status: 'COMPLETED' }),
    });
    const body = (await res.json().catch(() => ({}))) as { status?: string };
    const ms = performance.now() - t;
    const key = res.status === 200 ? String(body.status) : `http_${res.status}`;
    outcomes[key] = (outcomes[key] ?? 0) + 1;
    return ms;
  });
  const delivered = outcomes.completed ?? 0;
  const p99 = round(percentile(latencies, 99));
  const section = '2 delivery';
  return {
    rows: [
      {
        section,
        figure: 'webhook → code delivered p50',
        value: round(percentile(latencies, 50)),
        unit: 'ms',
        budget: '',
      },
      {
        section,
        figure: 'webhook → code delivered p99',
        value: p99,
        unit: 'ms',
        budget: '≤ 100 ms',
        pass: p99 <= 100,
      },
      {
        section,
        figure: 'payments delivered',
        value: `${delivered}/${invoices.length}`,
        unit: '',
        budget: 'all',
        pass: delivered === invoices.length,
      },
    ],
    raw: { outcomes, latencies: latencies.map((l) => round(l, 2)) },
  };
}
