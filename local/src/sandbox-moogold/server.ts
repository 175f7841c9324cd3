/**
 * The MooGold sandbox of the local stack: MooGold's partner API paths (order/create_order,
 * order/order_detail_partner_id, user/balance, product/product_detail, product/validate) behind
 * Basic auth and the `auth` / `timestamp` signature, with idempotency on `partnerOrderId`, a
 * prepaid balance, voucher stock, counters and fault switches under /_sandbox/ (docs/suppliers.md).
 * The signature is checked here with its own code, not the adapter's, so a test proves both agree.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  centsToDollars,
  findVariation,
  MOOGOLD_PRODUCTS,
  orderDetail,
  productDetail,
  refusal,
  validatePlayer,
  type SandboxOrder,
} from './catalog';
import { header, parseObject, readText, sendJson } from '../sandbox-http';

const MOOGOLD_SANDBOX_PARTNER_ID = 'sandbox-partner';
/** Local only, never a secret. */
const MOOGOLD_SANDBOX_SECRET = 'sandbox-moogold-secret';

interface MoogoldFaults {
  /** The next order is committed, then its answer is held this long (ms) and the socket dropped. */
  timeoutAfterCommit?: number;
  /** The next N API calls answer 503 and do nothing. */
  fail5xx?: number;
  /** The next order is refused with this reason (err_code `order_refused`). */
  refuse?: string;
  /** Every inquiry answers after this many ms (0: at once). */
  slowInquiry?: number;
  /** Sets the prepaid balance (US cents). */
  balance?: number;
  /** New orders stay `processing` until `complete` or `fail`. */
  pending?: boolean;
}

interface MoogoldSandboxControl {
  faults(set: MoogoldFaults): void;
  /** Orders committed for this partnerOrderId (1 at most when idempotency holds). */
  ordersCreated(partnerOrderId: string): number;
  /** Requests seen on a path (e.g. 'order/create_order'), refused ones included. */
  calls(path: string): number;
  balance(): number;
  stock(variationId: string): number;
  orders(): SandboxOrder[];
  complete(partnerOrderId: string): void;
  fail(partnerOrderId: string, reason: string): void;
}

export interface MoogoldSandbox {
  url: string;
  partnerId: string;
  secret: string;
  stop(): Promise<void>;
  control: MoogoldSandboxControl;
}

const SKEW_SECONDS = 300;
const sha = (s: string) => createHash('sha256').update(s).digest();
const same = (a: string, b: string) => timingSafeEqual(sha(a), sha(b)) && a === b;

export async function startMoogoldSandbox(opts: {
  port: number;
  host?: string;
  partnerId?: string;
  secret?: string;
  /** Starting balance, US cents (default $100). */
  balance?: number;
  /** Codes per voucher variation at start (default 5). */
  stock?: number;
}): Promise<MoogoldSandbox> {
  const partnerId = opts.partnerId ?? MOOGOLD_SANDBOX_PARTNER_ID;
  const secret = opts.secret ?? MOOGOLD_SANDBOX_SECRET;
  let balance = opts.balance ?? 10_000;
  const codes = new Map<string, string[]>();
  for (const p of MOOGOLD_PRODUCTS.filter((p) => p.category === 2))
    for (const v of p.variations)
      codes.set(
        v.id,
        Array.from({ length: opts.stock ?? 5 }, () => `GP-${randomBytes(6).toString('hex').toUpperCase()}`),
      );
  const orders = new Map<string, SandboxOrder>();
  const created = new Map<string, number>();
  const calls = new Map<string, number>();
  const faults: Required<Omit<MoogoldFaults, 'balance' | 'refuse' | 'timeoutAfterCommit'>> &
    Pick<MoogoldFaults, 'refuse' | 'timeoutAfterCommit'> = { fail5xx: 0, slowInquiry: 0, pending: false };
  const held = new Set<NodeJS.Timeout>();
  let nextOrderId = 700_000;

  const authorized = (req: IncomingMessage, raw: string, path: string): boolean => {
    const basic = `Basic ${Buffer.from(`${partnerId}:${secret}`).toString('base64')}`;
    const timestamp = header(req, 'timestamp') ?? '';
    const skew = Math.abs(Date.now() / 1000 - Number(timestamp));
    const expected = createHmac('sha256', secret).update(`${raw}${timestamp}${path}`).digest('hex');
    return (
      same(header(req, 'authorization') ?? '', basic) &&
      /^\d+$/.test(timestamp) &&
      skew <= SKEW_SECONDS &&
      same(header(req, 'auth') ?? '', expected)
    );
  };

  function createOrder(body: Record<string, unknown>): { status: number; answer: unknown; commit?: true } {
    const data = (body.data ?? {}) as Record<string, unknown>;
    const ref = typeof body.partnerOrderId === 'string' ? body.partnerOrderId : '';
    const found = findVariation(String(data['product-id'] ?? ''));
    const quantity = Number(data.quantity ?? 1);
    if (!ref) return { status: 400, answer: refusal('partnerOrderId is required', 'invalid_request') };
    if (!found || Number(data.category) !== found.product.category)
      return { status: 400, answer: refusal('Invalid product or category', 'invalid_request') };
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 10)
      return { status: 400, answer: refusal('Invalid quantity', 'invalid_request') };
    const fields: Record<string, string> = {};
    for (const f of found.product.fields) {
      if (typeof data[f] !== 'string' || data[f] === '')
        return { status: 400, answer: refusal(`${f} is required`, 'invalid_request') };
      fields[f] = data[f];
    }
    const fingerprint = JSON.stringify([found.variation.id, quantity, fields]);
    const accepted = (o: SandboxOrder) => ({
      status: true,
      message: 'Order has been created',
      account_details: { product: `${found.product.name} - ${found.variation.name}`, ...o.fields },
      total: centsToDollars(o.totalCents),
    });
    const existing = orders.get(ref);
    if (existing) {
      return existing.fingerprint === fingerprint
        ? { status: 200, answer: accepted(existing) }
        : {
            status: 200,
            answer: refusal('partnerOrderId already used for another order', 'duplicate_partner_order_id'),
          };
    }
    if (faults.refuse !== undefined) {
      const reason = faults.refuse;
      faults.refuse = undefined;
      return { status: 200, answer: refusal(reason, 'order_refused') };
    }
    const total = found.variation.priceCents * quantity;
    if (balance < total)
      return { status: 200, answer: refusal('Insufficient balance', 'insufficient_balance') };
    const stock = codes.get(found.variation.id);
    if (stock && stock.length < quantity)
      return { status: 200, answer: refusal('Out of stock', 'out_of_stock') };
    balance -= total;
    const order: SandboxOrder = {
      orderId: String(nextOrderId++),
      partnerOrderId: ref,
      fingerprint,
      variationId: found.variation.id,
      quantity,
      fields,
      totalCents: total,
      status: faults.pending ? 'processing' : 'completed',
      codes: stock ? stock.splice(0, quantity) : [],
      createdAt: new Date().toISOString().replace('T', ' ').slice(0, 19),
    };
    orders.set(ref, order);
    created.set(ref, (created.get(ref) ?? 0) + 1);
    return { status: 200, answer: accepted(order), commit: true };
  }

  async function api(path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    calls.set(path, (calls.get(path) ?? 0) + 1);
    const raw = await readText(req);
    if (faults.fail5xx > 0) {
      faults.fail5xx -= 1;
      res.writeHead(503, { 'content-type': 'text/html' });
      return void res.end('<html><body>503 Service Unavailable</body></html>');
    }
    if (!authorized(req, raw, path)) return sendJson(res, 401, refusal('Unauthorized', 'unauthorized'));
    const body = parseObject(raw);
    const data = (body?.data ?? {}) as Record<string, unknown>;
    if (!body || body.path !== path || typeof data !== 'object')
      return sendJson(res, 400, refusal('Invalid request', 'invalid_request'));
    if (path === 'order/create_order') {
      const out = createOrder(body);
      if (out.commit && faults.timeoutAfterCommit !== undefined) {
        const ms = faults.timeoutAfterCommit;
        faults.timeoutAfterCommit = undefined;
        const timer = setTimeout(() => (held.delete(timer), req.socket.destroy()), ms);
        return void held.add(timer);
      }
      return sendJson(res, out.status, out.answer);
    }
    if (path === 'order/order_detail_partner_id') {
      if (faults.slowInquiry > 0) await new Promise((r) => setTimeout(r, faults.slowInquiry));
      const order = orders.get(String(data.partner_order_id ?? ''));
      return sendJson(res, 200, order ? orderDetail(order) : refusal('Order not found', 'order_not_found'));
    }
    if (path === 'user/balance')
      return sendJson(res, 200, { currency: 'USD', balance: centsToDollars(balance) });
    if (path === 'product/product_detail')
      return sendJson(
        res,
        200,
        productDetail(String(data.product_id ?? ''), (id) => codes.get(id)?.length),
      );
    if (path === 'product/validate') return sendJson(res, 200, validatePlayer(data));
    return sendJson(res, 404, refusal('Not found', 'not_found'));
  }

  const control: MoogoldSandboxControl = {
    faults(set) {
      if (set.balance !== undefined) balance = set.balance;
      if (set.fail5xx !== undefined) faults.fail5xx = set.fail5xx;
      if (set.slowInquiry !== undefined) faults.slowInquiry = set.slowInquiry;
      if (set.pending !== undefined) faults.pending = set.pending;
      if (set.refuse !== undefined) faults.refuse = set.refuse;
      if (set.timeoutAfterCommit !== undefined) faults.timeoutAfterCommit = set.timeoutAfterCommit;
    },
    ordersCreated: (ref) => created.get(ref) ?? 0,
    calls: (path) => calls.get(path) ?? 0,
    balance: () => balance,
    stock: (id) => codes.get(id)?.length ?? 0,
    orders: () => [...orders.values()],
    complete(ref) {
      const order = orders.get(ref);
      if (order?.status !== 'processing') throw new Error(`No processing order ${ref}`);
      order.status = 'completed';
    },
    fail(ref, reason) {
      const order = orders.get(ref);
      if (order?.status !== 'processing') throw new Error(`No processing order ${ref}`);
      // A refund gives the money back and the codes to the shelf, like MooGold's restock.
      Object.assign(order, { status: 'refunded', reason });
      balance += order.totalCents;
      codes.get(order.variationId)?.push(...order.codes.splice(0));
    },
  };

  /** The control API over HTTP, for a sandbox started by `npm start`. */
  async function controlApi(path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = parseObject(await readText(req)) ?? {};
    if (req.method === 'GET' && path === 'state') {
      const stock = Object.fromEntries([...codes].map(([id, list]) => [id, list.length]));
      return sendJson(res, 200, {
        balance,
        stock,
        faults,
        ordersCreated: Object.fromEntries(created),
        calls: Object.fromEntries(calls),
        orders: [...orders.values()],
      });
    }
    if (req.method === 'POST' && path === 'faults') {
      control.faults(body as MoogoldFaults);
      return sendJson(res, 200, { ok: true });
    }
    const act = /^orders\/([^/]+)\/(complete|fail)$/.exec(path);
    if (req.method === 'POST' && act) {
      const ref = decodeURIComponent(act[1]!);
      if (act[2] === 'complete') control.complete(ref);
      else control.fail(ref, typeof body.reason === 'string' ? body.reason : 'refunded by operator');
      return sendJson(res, 200, { ok: true });
    }
    return sendJson(res, 404, { ok: false });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://sandbox').pathname.replace(/^\/+/, '');
      try {
        if (path.startsWith('_sandbox/')) return await controlApi(path.slice('_sandbox/'.length), req, res);
        if (req.method === 'POST') return await api(path, req, res);
        if (req.method === 'GET' && path === '')
          return sendJson(res, 200, { ok: true, supplier: 'moogold-sandbox' });
        return sendJson(res, 404, refusal('Not found', 'not_found'));
      } catch (error) {
        return sendJson(res, 500, { ok: false, message: String((error as Error)?.message ?? error) });
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1';
  return {
    url: `http://${host}:${port}`,
    partnerId,
    secret,
    control,
    stop: () =>
      new Promise<void>((resolve) => {
        held.forEach(clearTimeout);
        held.clear();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
