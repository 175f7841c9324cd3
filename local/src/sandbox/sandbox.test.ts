import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxGateway, type SandboxGateway } from '../sandbox-gateway';

let gw: SandboxGateway;
const hooks: Array<{ key: string | undefined; body: Record<string, unknown> }> = [];
/** The sandbox's verify-payment answer, as far as these tests read it. */
type VerifyAnswer = { status: unknown; amount?: unknown; metadata?: unknown; payment_method?: unknown };
let hookUrl = '';
const hookServer = createServer((req, res) => {
  let data = '';
  req.on('data', (c: Buffer) => (data += c.toString()));
  req.on('end', () => {
    hooks.push({ key: req.headers['rt-uddoktapay-api-key'] as string | undefined, body: JSON.parse(data) });
    res.end('{}');
  });
});

beforeAll(async () => {
  gw = await startSandboxGateway({ port: 0, apiKey: 'k-123', webhookDelayMs: 1 });
  await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', () => r()));
  hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await gw.stop();
  hookServer.close();
});

const api = (path: string, body: unknown, key = 'k-123') =>
  fetch(`${gw.url}${path}`, {
    method: 'POST',
    headers: { 'RT-UDDOKTAPAY-API-KEY': key, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const charge = async () => {
  const res = await api('/api/checkout-v2', {
    full_name: 'Rahim',
    email: 'r@example.com',
    amount: '150.5',
    metadata: { payment_id: 'p1' },
    redirect_url: 'http://shop.test/payment-success',
    cancel_url: 'http://shop.test/payment-failed',
    webhook_url: hookUrl,
    return_type: 'GET',
  });
  const body = (await res.json()) as { status: boolean; payment_url: string };
  expect(body.status).toBe(true);
  return { url: body.payment_url, invoice: body.payment_url.split('/').pop()! };
};

describe('UddoktaPay sandbox', () => {
  it('checks the API key', async () => {
    const res = await api('/api/checkout-v2', {}, 'wrong');
    expect(res.status).toBe(401);
  });

  it('shows a checkout page; Pay with "twice" redirects back and sends the webhook twice', async () => {
    const { url, invoice } = await charge();
    const page = await (await fetch(url)).text();
    expect(page).toContain('৳150.50');
    expect(page).toContain('Khelaghor');
    expect(page).toContain('Leave pending');
    const res = await fetch(`${url}/action`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay', webhook: 'twice', method: 'nagad' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://shop.test/payment-success?invoice_id=${invoice}`);
    await gw.control.webhooksSettled();
    const mine = hooks.filter((h) => h.body.invoice_id === invoice);
    expect(mine).toHaveLength(2);
    expect(mine[0]!.key).toBe('k-123');
    const verified = (await (
      await api('/api/verify-payment', { invoice_id: invoice })
    ).json()) as VerifyAnswer;
    expect(verified.status).toBe('COMPLETED');
    expect(verified.amount).toBe('150.50');
    expect(verified.metadata).toEqual({ payment_id: 'p1' });
    expect(verified.payment_method).toBe('nagad');
  });

  it('Cancel goes to the cancel URL and never sends a webhook', async () => {
    const { url, invoice } = await charge();
    const res = await fetch(`${url}/action`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'cancel' }),
      redirect: 'manual',
    });
    expect(res.headers.get('location')).toContain('payment-failed?invoice_id=');
    await gw.control.webhooksSettled();
    expect(hooks.filter((h) => h.body.invoice_id === invoice)).toHaveLength(0);
    expect(
      ((await (await api('/api/verify-payment', { invoice_id: invoice })).json()) as VerifyAnswer).status,
    ).toBe('ERROR');
  });

  it('Leave pending answers PENDING; webhook "never" sends nothing', async () => {
    const { url, invoice } = await charge();
    await fetch(`${url}/action`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pending', webhook: 'never' }),
      redirect: 'manual',
    });
    await gw.control.webhooksSettled();
    expect(hooks.filter((h) => h.body.invoice_id === invoice)).toHaveLength(0);
    expect(
      ((await (await api('/api/verify-payment', { invoice_id: invoice })).json()) as VerifyAnswer).status,
    ).toBe('PENDING');
  });
  it('queues refund answers and lists the refunds it accepted over HTTP (/_sandbox/, for the browser tests)', async () => {
    const { url, invoice } = await charge();
    await fetch(`${url}/action`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay', webhook: 'never', method: 'bkash' }),
      redirect: 'manual',
    });
    const trx = (
      (await (await api('/api/verify-payment', { invoice_id: invoice })).json()) as {
        transaction_id: string;
      }
    ).transaction_id;
    const control = (path: string, body?: unknown) =>
      fetch(
        `${gw.url}/_sandbox/${path}`,
        body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) },
      );
    expect((await control('refund-faults', { faults: [{ kind: 'timeout' }] })).status).toBe(400);
    expect((await control('refund-faults', { faults: [{ kind: 'maybe', applied: true }] })).status).toBe(400);
    const queued = await control('refund-faults', { faults: [{ kind: 'timeout', applied: true }] });
    expect(await queued.json()).toEqual({ queued: 1 });
    const refund = (amount: string) =>
      api('/api/refund-payment', { transaction_id: trx, payment_method: 'bkash', amount, reason: 'r' });
    await expect(refund('20.00')).rejects.toThrow(); // the connection drops: the money left anyway
    expect(await (await refund('10.50')).json()).toMatchObject({ status: true });
    const accepted = (await (await control('refunds')).json()) as Array<{
      invoice_id: string;
      amount: number;
    }>;
    expect(accepted.filter((r) => r.invoice_id === invoice).map((r) => r.amount)).toEqual([2000, 1050]);
  });
});
