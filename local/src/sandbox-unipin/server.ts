/**
 * The UniPin sandbox of the local stack: UniPin's partner API paths (in-game top-up and vouchers),
 * signed like the real one, with a prepaid balance, voucher stock, idempotency on our
 * `reference_no`, counters and fault injection. Tests drive it through `control` or the same
 * switches over HTTP under `/_sandbox/` (not a UniPin path). Docs: docs/suppliers.md.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GAMES, SANDBOX_CURRENCY, VOUCHERS, wireMoney } from './catalog';
import { createUnipinState, ERR, orderAnswer, Refusal, type SandboxOrder, type UnipinFaults } from './state';
import { header, readJson, sendJson } from '../sandbox-http';

export interface UnipinSandboxOptions {
  port: number;
  host?: string;
  partnerId?: string;
  secret?: string;
  /** Prepaid balance in USD cents (default 50,000 = USD 500). */
  balance?: number;
}

interface UnipinSandboxSnapshot {
  balance: number;
  stock: Record<string, number>;
  /** Orders committed per reference_no: idempotency means never more than 1. */
  ordersCreated: Record<string, number>;
  /** Calls received per UniPin path (refused and failed ones too). */
  calls: Record<string, number>;
  orders: SandboxOrder[];
  faults: UnipinFaults;
}

interface UnipinSandboxControl {
  snapshot(): UnipinSandboxSnapshot;
  /** Set fault switches (and `balance`, in USD cents); unnamed switches keep their value. */
  set(faults: Partial<UnipinFaults> & { balance?: number }): void;
  /** Settle a `processing` order, as UniPin finishing it later. */
  complete(reference: string, outcome: 'completed' | 'failed', reason?: string): void;
  clearFaults(): void;
}

export interface UnipinSandbox {
  url: string;
  partnerId: string;
  secret: string;
  stop(): Promise<void>;
  control: UnipinSandboxControl;
}

/** A request signed more than this far from the sandbox's clock is refused (replays). */
const MAX_SKEW_SECONDS = 300;

export async function startUnipinSandbox(opts: UnipinSandboxOptions): Promise<UnipinSandbox> {
  const partnerId = opts.partnerId ?? 'sandbox-partner';
  const secret = opts.secret ?? 'sandbox-unipin-secret';
  const state = createUnipinState(opts.balance ?? 50_000);
  const { s } = state;

  const control: UnipinSandboxControl = {
    snapshot: () => ({
      balance: s.balance,
      stock: Object.fromEntries([...s.stock].map(([code, codes]) => [code, codes.length])),
      ordersCreated: Object.fromEntries(s.ordersCreated),
      calls: Object.fromEntries(s.calls),
      orders: [...s.orders.values()].map((o) => ({ ...o, codes: [...o.codes] })),
      faults: { ...s.faults },
    }),
    set: ({ balance, ...faults }) => {
      if (balance !== undefined) s.balance = balance;
      Object.assign(s.faults, faults);
    },
    complete: state.complete,
    clearFaults: state.clearFaults,
  };

  /** Why a request's signature is refused, or undefined when it is good. */
  function signatureProblem(req: IncomingMessage, path: string): string | undefined {
    const [pid, ts, signedPath, auth] = ['partnerid', 'timestamp', 'path', 'auth'].map((h) => header(req, h));
    if (!pid || !ts || !signedPath || !auth) return 'Missing partnerid, timestamp, path or auth header';
    if (pid !== partnerId) return 'Unknown partnerid';
    if (signedPath !== path) return 'The path header is not the path called';
    if (!/^\d+$/.test(ts) || Math.abs(Date.now() / 1000 - Number(ts)) > MAX_SKEW_SECONDS)
      return 'Timestamp expired';
    const expected = createHmac('sha256', secret)
      .update(pid + ts + signedPath)
      .digest();
    const given = Buffer.from(auth, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'Invalid signature';
    return undefined;
  }

  const routes: Record<string, (body: Record<string, unknown>) => unknown> = {
    '/in-game-topup/list': () => ({
      status: 1,
      game_list: GAMES.map((g) => ({ game_code: g.code, game_name: g.name })),
    }),
    '/in-game-topup/detail': (body) => {
      const game = GAMES.find((g) => g.code === body.game_code);
      if (!game) throw new Refusal(ERR.productNotFound, 'Game not found');
      return {
        status: 1,
        game_code: game.code,
        game_name: game.name,
        fields: [{ name: 'userid', type: 'number' }],
        denominations: game.denominations.map((d) => ({
          id: d.id,
          name: d.name,
          price: wireMoney(d.price),
          currency: SANDBOX_CURRENCY,
        })),
      };
    },
    '/in-game-topup/user/validate': (body) => ({ status: 1, ...state.validate(body) }),
    '/in-game-topup/order/create': (body) => orderCall(state.createTopup(body)),
    '/in-game-topup/order/inquiry': (body) => slowly(() => orderAnswer(state.inquire('topup', body))),
    '/voucher/list': () => ({
      status: 1,
      voucher_list: VOUCHERS.map((v) => ({
        voucher_code: v.code,
        voucher_name: v.name,
        price: wireMoney(v.price),
        currency: SANDBOX_CURRENCY,
      })),
    }),
    '/voucher/get_stock_count': (body) => {
      const codes = s.stock.get(String(body.voucher_code ?? ''));
      if (!codes) throw new Refusal(ERR.productNotFound, 'Voucher not found');
      return { status: 1, voucher_code: body.voucher_code, stock: codes.length };
    },
    '/voucher/request': (body) => orderCall(state.requestVoucher(body)),
    '/voucher/inquiry': (body) => slowly(() => orderAnswer(state.inquire('voucher', body))),
    '/voucher/balance': () => ({ status: 1, balance: wireMoney(s.balance), currency: SANDBOX_CURRENCY }),
  };

  /** The order is committed; with `timeoutAfterCommit` the caller never hears so. */
  function orderCall(order: SandboxOrder): unknown {
    if (s.faults.timeoutAfterCommit > 0) {
      s.faults.timeoutAfterCommit -= 1;
      return HANG;
    }
    return orderAnswer(order);
  }

  async function slowly(answer: () => unknown): Promise<unknown> {
    if (s.faults.slowInquiryMs > 0) await new Promise((r) => setTimeout(r, s.faults.slowInquiryMs));
    return answer();
  }

  async function handleUnipin(path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    s.calls.set(path, (s.calls.get(path) ?? 0) + 1);
    const body = await readJson(req);
    if (s.faults.fail5xx > 0) {
      s.faults.fail5xx -= 1;
      return sendJson(res, 500, { message: 'Internal Server Error' });
    }
    const problem = signatureProblem(req, path);
    if (problem) return sendJson(res, 401, { status: 0, error: { code: ERR.signature, message: problem } });
    try {
      const answer = await routes[path]!(body);
      if (answer === HANG) return; // the socket stays open until the caller gives up
      return sendJson(res, 200, answer);
    } catch (error) {
      if (error instanceof Refusal)
        return sendJson(res, 200, { status: 0, error: { code: error.code, message: error.message } });
      throw error;
    }
  }

  async function handleControl(path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'GET' && path === '/_sandbox/state') return sendJson(res, 200, control.snapshot());
    const body = await readJson(req);
    if (req.method === 'POST' && path === '/_sandbox/faults') {
      control.set(body as Partial<UnipinFaults> & { balance?: number });
      return sendJson(res, 200, control.snapshot().faults);
    }
    if (req.method === 'POST' && path === '/_sandbox/complete') {
      const outcome = body.outcome === 'failed' ? 'failed' : 'completed';
      control.complete(
        String(body.reference_no ?? ''),
        outcome,
        body.reason ? String(body.reason) : undefined,
      );
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === 'POST' && path === '/_sandbox/clear-faults') {
      control.clearFaults();
      return sendJson(res, 200, { ok: true });
    }
    return sendJson(res, 404, { message: 'Not found' });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
      try {
        if (path.startsWith('/_sandbox/')) return await handleControl(path, req, res);
        if (req.method === 'POST' && Object.hasOwn(routes, path)) return await handleUnipin(path, req, res);
        if (req.method === 'GET' && path === '/')
          return sendJson(res, 200, { ok: true, supplier: 'unipin-sandbox' });
        return sendJson(res, 404, { status: 0, error: { code: '404', message: 'Not found' } });
      } catch (error) {
        return sendJson(res, 500, { message: String((error as Error)?.message ?? error) });
      }
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1'}:${port}`;
  return {
    url,
    partnerId,
    secret,
    control,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.(); // hung answers (timeoutAfterCommit) included
        server.close(() => resolve());
      }),
  };
}

const HANG = Symbol('hang');
