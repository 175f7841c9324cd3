import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
// eslint-disable-next-line boundaries/element-types -- a floor break kept until functions/ offers this through db/, use-cases/ or handlers/
import { DEVELOPMENT_RESELLER_KEY_SECRET } from '../../functions/src/runtime/config';
import {
  deriveKeySecret,
  timestampInWindow,
  verifySignature,
  // eslint-disable-next-line boundaries/element-types -- a floor break kept until functions/ offers this through db/, use-cases/ or handlers/
} from '../../functions/src/domain/resellers/signing';
import { receiverPage } from './callback-receiver-page';

/**
 * A reseller's server, on this machine: it takes the shop's callbacks (POST on any path), checks
 * each signature as a reseller would (it knows the development server secret, so it derives every
 * key's secret) and shows them newest first at http://localhost:<port>/. Tests read the calls in
 * process (`calls`, `waitFor`) or through `GET /_/calls`, and make answers fail with `failNext` /
 * `POST /_/fail-next?count=N` (500s).
 */
export interface ReceivedCall {
  id: string;
  receivedAt: string;
  path: string;
  keyId: string | null;
  callbackId: string | null;
  event: string | null;
  /** 'ok': signed with the key's secret, timestamp within 5 minutes; 'bad': anything else. */
  signature: 'ok' | 'bad';
  /** Why a signature is bad (missing header, stale timestamp, mismatch). */
  problem: string | null;
  /** What the receiver answered (500 when a failure was injected). */
  answered: number;
  headers: Record<string, string>;
  body: string;
}

export interface CallbackReceiver {
  /** http://localhost:<port> (the page); callbacks may go to any path under it. */
  url: string;
  port: number;
  /** Newest first. */
  calls(): ReceivedCall[];
  /** The newest call that matches (already here or still to come); rejects after timeoutMs (default 10 s). */
  waitFor(match: (c: ReceivedCall) => boolean, timeoutMs?: number): Promise<ReceivedCall>;
  /** The next `count` callbacks are answered 500 (they are still recorded). */
  failNext(count: number): void;
  clear(): void;
  stop(): Promise<void>;
}

/** At most this many calls are kept (memory and the JSON file). */
const MAX_CALLS = 300;
const MAX_BODY = 256 * 1024;

export async function startCallbackReceiver(opts: {
  port?: number;
  /** Calls are kept in <dataDir>/calls.json across restarts; without it, in memory only. */
  dataDir?: string;
  /** The shop's RESELLER_KEY_SECRET (default: the development one the local stack uses). */
  serverSecret?: string;
}): Promise<CallbackReceiver> {
  const serverSecret = opts.serverSecret ?? DEVELOPMENT_RESELLER_KEY_SECRET;
  const file = opts.dataDir ? join(opts.dataDir, 'calls.json') : undefined;
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  let store: ReceivedCall[] = file && existsSync(file) ? load(file) : [];
  let failures = 0;
  const waiters = new Set<(c: ReceivedCall) => void>();

  const save = () => file && writeFileSync(file, JSON.stringify(store, null, 2));

  const receive = (req: IncomingMessage, path: string, body: string): ReceivedCall => {
    const header = (name: string) => {
      const v = req.headers[name];
      return typeof v === 'string' ? v : null;
    };
    const keyId = header('x-key-id');
    const [timestamp, nonce, signature] = ['x-timestamp', 'x-nonce', 'x-signature'].map(header);
    let problem: string | null = null;
    if (!keyId || !timestamp || !nonce || !signature)
      problem = 'missing X-Key-Id, X-Timestamp, X-Nonce or X-Signature';
    else if (!timestampInWindow(timestamp, Date.now())) problem = 'timestamp more than 5 minutes away';
    else if (
      !verifySignature({
        secret: deriveKeySecret(serverSecret, keyId),
        method: req.method ?? 'POST',
        path,
        timestamp,
        nonce,
        body,
        signature,
      })
    )
      problem = 'signature does not match';
    const answered = failures > 0 ? 500 : 200;
    if (failures > 0) failures--;
    return {
      id: `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`,
      receivedAt: new Date().toISOString(),
      path,
      keyId,
      callbackId: header('x-callback-id'),
      event: header('x-callback-event'),
      signature: problem ? 'bad' : 'ok',
      problem,
      answered,
      headers: Object.fromEntries(
        Object.entries(req.headers)
          .filter(
            ([k, v]) =>
              typeof v === 'string' && (k.startsWith('x-') || k === 'content-type' || k === 'user-agent'),
          )
          .map(([k, v]) => [k, String(v)]),
      ),
      body,
    };
  };

  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    const bare = path.split('?')[0]!;
    if (req.method === 'GET' && bare === '/_/calls') return json(res, 200, { calls: store });
    if (req.method === 'DELETE' && bare === '/_/calls') {
      receiver.clear();
      return json(res, 200, { cleared: true });
    }
    if (req.method === 'POST' && bare === '/_/fail-next') {
      const count = Number(new URL(path, 'http://x').searchParams.get('count') ?? '1');
      if (!Number.isInteger(count) || count < 0 || count > 1000)
        return json(res, 400, { error: 'count: 0-1000' });
      receiver.failNext(count);
      return json(res, 200, { failNext: failures });
    }
    if (req.method === 'GET' && (bare === '/' || bare === '/index.html')) {
      const page = receiverPage(store, failures);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': page.csp });
      return res.end(page.body);
    }
    if (req.method === 'GET' && bare === '/favicon.ico') return res.writeHead(204).end();
    if (req.method !== 'POST') return json(res, 405, { error: 'POST a callback, or GET / for the page' });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY) return json(res, 413, { error: 'body too large' });
      const call = receive(req, path, Buffer.concat(chunks).toString('utf8'));
      store.unshift(call);
      store.splice(MAX_CALLS);
      save();
      for (const waiter of [...waiters]) waiter(call);
      json(
        res,
        call.answered,
        call.answered === 200 ? { received: true } : { error: 'failure injected by failNext' },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const receiver: CallbackReceiver = {
    url: `http://localhost:${port}`,
    port,
    calls: () => [...store],
    waitFor(match, timeoutMs = 10_000) {
      const found = store.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = (c: ReceivedCall) => {
          if (!match(c)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(c);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching callback within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    failNext(count) {
      failures = count;
    },
    clear() {
      store = [];
      save();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function load(file: string): ReceivedCall[] {
  try {
    const calls = JSON.parse(readFileSync(file, 'utf8')) as ReceivedCall[];
    return Array.isArray(calls) ? calls.slice(0, MAX_CALLS) : [];
  } catch {
    return [];
  }
}
