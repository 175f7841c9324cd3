import { GATEWAY_METHODS, isGatewayMethod } from '@khelaghor/contract/facts';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { checkoutPage, notFoundPage, withInvoice } from './checkout-page';
import { InvoiceStore, verifyAnswer, type Invoice, type WebhookMode } from './invoices';
import { header, readJson, readText, sendJson } from '../sandbox-http';
import { RefundDesk, type AcceptedRefund, type RefundFault } from './refunds';

/** The gateway's checkout forms and API bodies may be larger than a supplier's. */
const BODY_LIMIT = 1_000_000;

export interface SandboxOptions {
  port: number;
  apiKey: string;
  /** Host to listen on (default 127.0.0.1). */
  host?: string;
  /** Shown on the checkout page. */
  merchantName?: string;
  /** Default of the checkout page's webhook select (env SANDBOX_WEBHOOK_MODE, else 'once'). */
  webhookMode?: WebhookMode;
  /** Keep invoices in <dataDir>/sandbox-gateway.json. */
  dataDir?: string;
  /** Delay before each webhook POST (ms, default 300): the browser's redirect usually wins, like the real thing. */
  webhookDelayMs?: number;
}

export type SandboxAction = 'pay' | 'cancel' | 'pending';

export interface SandboxControl {
  invoices(): Invoice[];
  /** What the checkout page's buttons do, for tests: returns the redirect URL. */
  act(
    invoiceId: string,
    action: SandboxAction,
    opts?: { webhook?: WebhookMode; method?: string; paidAmount?: string },
  ): Promise<string>;
  /** Resolves when every webhook started so far has been answered. */
  webhooksSettled(): Promise<void>;
  /**
   * Reconciliation tests: an invoice paid at the gateway that the shop never created or heard of
   * (no webhook), and an invoice changed at the gateway after the shop settled it.
   */
  payOutside(amount: string, metadata?: Record<string, unknown>): Promise<string>;
  edit(
    invoiceId: string,
    change: { paidAmount?: string; status?: 'COMPLETED' | 'PENDING' | 'ERROR' },
  ): Promise<void>;
  /** Mark a PENDING invoice completed or failed later (a gateway admin's manual check). */
  resolvePending(
    invoiceId: string,
    status: 'COMPLETED' | 'ERROR',
    opts?: { webhook?: WebhookMode },
  ): Promise<void>;
  /** The answers of the next refund calls, in order (then a clear yes). */
  queueRefundFaults(...faults: RefundFault[]): void;
  /** The refunds the sandbox accepted: the money that left, whatever the shop heard. */
  refunds(): AcceptedRefund[];
}

const sha = (s: string) => createHash('sha256').update(s).digest();
const keyMatches = (a: string | undefined, b: string) =>
  typeof a === 'string' && timingSafeEqual(sha(a), sha(b)) && a === b;

export async function startSandboxServer(opts: SandboxOptions) {
  const store = new InvoiceStore(opts.dataDir);
  const merchant = opts.merchantName ?? 'Khelaghor';
  const envMode = process.env.SANDBOX_WEBHOOK_MODE;
  const defaultWebhook: WebhookMode =
    opts.webhookMode ?? (envMode === 'twice' || envMode === 'never' || envMode === 'once' ? envMode : 'once');
  const delay = opts.webhookDelayMs ?? 300;
  const inFlight = new Set<Promise<void>>();
  const refundDesk = new RefundDesk();
  let base = '';

  async function sendWebhook(inv: Invoice): Promise<void> {
    if (!inv.webhook_url) return;
    try {
      await fetch(inv.webhook_url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'RT-UDDOKTAPAY-API-KEY': opts.apiKey,
        },
        body: JSON.stringify(verifyAnswer(inv)),
        signal: AbortSignal.timeout(15_000),
      });
      store.update(inv.invoice_id, { webhooks_sent: inv.webhooks_sent + 1 });
    } catch {
      // The real gateway does not retry either; the shop's return page and sweeper cover it.
    }
  }

  function scheduleWebhooks(inv: Invoice, mode: WebhookMode): void {
    const times = mode === 'twice' ? 2 : mode === 'once' ? 1 : 0;
    if (times === 0) return;
    const job = (async () => {
      for (let i = 0; i < times; i++) {
        await new Promise((r) => setTimeout(r, delay));
        await sendWebhook(inv);
      }
    })();
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
  }

  function act(
    id: string,
    action: SandboxAction,
    o: { webhook?: WebhookMode; method?: string; paidAmount?: string } = {},
  ): string {
    const inv = store.get(id);
    if (!inv) throw new Error('Invoice not found');
    if (inv.status !== 'CREATED')
      return withInvoice(inv.status === 'ERROR' ? inv.cancel_url : inv.redirect_url, id);
    const method = o.method && isGatewayMethod(o.method) ? o.method : GATEWAY_METHODS[0];
    if (action === 'cancel') {
      store.update(id, { status: 'ERROR', date: now() });
      return withInvoice(inv.cancel_url, id);
    }
    store.update(id, {
      status: action === 'pay' ? 'COMPLETED' : 'PENDING',
      payment_method: method,
      sender_number: '017' + String(Math.floor(Math.random() * 1e8)).padStart(8, '0'),
      transaction_id: randomBytes(5).toString('hex').toUpperCase(),
      date: now(),
      ...(o.paidAmount && { paid_amount: o.paidAmount }),
    });
    scheduleWebhooks(inv, o.webhook ?? defaultWebhook);
    return withInvoice(inv.redirect_url, id);
  }

  async function handleApi(path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!keyMatches(header(req, 'rt-uddoktapay-api-key'), opts.apiKey)) {
      return sendJson(res, 401, { status: false, message: 'Unauthorized Action' });
    }
    const body = await readJson(req, BODY_LIMIT);
    if (path === '/api/checkout-v2') {
      const amount = String(body.amount ?? '');
      const missing = ['full_name', 'email', 'redirect_url'].filter(
        (f) => typeof body[f] !== 'string' || body[f] === '',
      );
      if (missing.length || !/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) {
        return sendJson(res, 200, {
          status: false,
          message: `Invalid request: ${missing.join(', ') || 'amount'}`,
        });
      }
      const inv = store.create({
        full_name: String(body.full_name),
        email: String(body.email),
        amount: Number(amount).toFixed(2),
        metadata:
          body.metadata && typeof body.metadata === 'object'
            ? (body.metadata as Record<string, unknown>)
            : {},
        redirect_url: String(body.redirect_url),
        cancel_url:
          typeof body.cancel_url === 'string' && body.cancel_url
            ? body.cancel_url
            : String(body.redirect_url),
        webhook_url: typeof body.webhook_url === 'string' ? body.webhook_url : '',
        return_type: typeof body.return_type === 'string' ? body.return_type : 'GET',
      });
      return sendJson(res, 200, {
        status: true,
        message: 'Payment Url',
        payment_url: `${base}/payment/${inv.invoice_id}`,
      });
    }
    if (path === '/api/verify-payment') {
      const inv = store.get(String(body.invoice_id ?? ''));
      if (!inv) return sendJson(res, 200, { status: false, message: 'Invalid Invoice ID' });
      return sendJson(res, 200, verifyAnswer(inv));
    }
    if (path === '/api/sandbox/invoices') {
      // Sandbox only (UddoktaPay has no list call): invoices created in [from, until), as verify answers them.
      const from = String(body.from ?? '');
      const until = String(body.until ?? '\uffff');
      const listed = store.list().filter((i) => i.created_at >= from && i.created_at < until);
      return sendJson(res, 200, { invoices: listed.map(verifyAnswer) });
    }
    if (path === '/api/refund-payment') {
      const inv = store.list().find((i) => i.transaction_id && i.transaction_id === body.transaction_id);
      return refundDesk.handle(inv, body, res);
    }
    return sendJson(res, 404, { status: false, message: 'Not found' });
  }

  /**
   * The refund hooks over HTTP, for tests in another process than the stack (the browser tests):
   * `POST /_sandbox/refund-faults {faults}` queues the next refund calls' answers, `GET
   * /_sandbox/refunds` lists the refunds accepted. Not a UddoktaPay path; local only, like UniPin's.
   */
  async function handleControl(path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'GET' && path === '/_sandbox/refunds') return sendJson(res, 200, refundDesk.accepted);
    if (req.method === 'POST' && path === '/_sandbox/refund-faults') {
      const faults = (await readJson(req)).faults;
      if (!Array.isArray(faults) || !faults.every(isRefundFault))
        return sendJson(res, 400, { message: 'faults: [{kind: yes | no | timeout | 5xx, applied?}]' });
      refundDesk.queue(...faults);
      return sendJson(res, 200, { queued: faults.length });
    }
    return sendJson(res, 404, { message: 'Not found' });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sandbox');
      const path = url.pathname;
      try {
        if (path.startsWith('/_sandbox/')) return await handleControl(path, req, res);
        if (req.method === 'POST' && path.startsWith('/api/')) return await handleApi(path, req, res);
        const page = /^\/payment\/([A-Za-z0-9]+)$/.exec(path);
        if (req.method === 'GET' && page) {
          const inv = store.get(page[1]!);
          return sendHtml(
            res,
            inv ? 200 : 404,
            inv ? checkoutPage(inv, { merchant, defaultWebhook }) : notFoundPage(),
          );
        }
        const action = /^\/payment\/([A-Za-z0-9]+)\/action$/.exec(path);
        if (req.method === 'POST' && action) {
          const form = new URLSearchParams(await readText(req, BODY_LIMIT));
          const choice = form.get('action');
          const hook = form.get('webhook');
          if (!store.get(action[1]!)) return sendHtml(res, 404, notFoundPage());
          const target = act(
            action[1]!,
            choice === 'cancel' ? 'cancel' : choice === 'pending' ? 'pending' : 'pay',
            {
              webhook: hook === 'twice' || hook === 'never' || hook === 'once' ? hook : undefined,
              method: form.get('method') ?? undefined,
            },
          );
          res.writeHead(303, { location: target });
          return res.end();
        }
        if (req.method === 'GET' && path === '/')
          return sendJson(res, 200, { ok: true, gateway: 'uddoktapay-sandbox' });
        return sendJson(res, 404, { status: false, message: 'Not found' });
      } catch (error) {
        return sendJson(res, 500, { status: false, message: String((error as Error)?.message ?? error) });
      }
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  base = `http://${opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1'}:${port}`;

  const control: SandboxControl = {
    invoices: () => store.list(),
    act: async (id, action, o) => act(id, action, o),
    webhooksSettled: async () => {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    payOutside: async (amount, metadata = {}) => {
      const inv = store.create({
        full_name: 'Outside buyer',
        email: 'outside@example.com',
        amount,
        metadata,
        redirect_url: `${base}/`,
        cancel_url: `${base}/`,
        webhook_url: '',
        return_type: 'GET',
      });
      act(inv.invoice_id, 'pay', { webhook: 'never' });
      return inv.invoice_id;
    },
    edit: async (id, change) => {
      if (!store.get(id)) throw new Error('Invoice not found');
      store.update(id, {
        ...(change.paidAmount && { paid_amount: change.paidAmount }),
        ...(change.status && { status: change.status }),
      });
    },
    resolvePending: async (id, status, o = {}) => {
      const inv = store.get(id);
      if (!inv || inv.status !== 'PENDING') throw new Error('Invoice is not pending');
      store.update(id, { status, date: now() });
      scheduleWebhooks(inv, o.webhook ?? defaultWebhook);
    },
    queueRefundFaults: (...faults) => refundDesk.queue(...faults),
    refunds: () => [...refundDesk.accepted],
  };

  return {
    url: base,
    control,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

function isRefundFault(f: unknown): f is RefundFault {
  if (!f || typeof f !== 'object') return false;
  const { kind, applied, message } = f as Record<string, unknown>;
  if (kind === 'yes') return true;
  if (kind === 'no') return message === undefined || typeof message === 'string';
  return (kind === 'timeout' || kind === '5xx') && typeof applied === 'boolean';
}

const now = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}
