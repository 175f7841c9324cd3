import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseObject, readText, sendJson } from './sandbox-http';
import { smsSinkPage } from './sms-sink-page';

/**
 * The local SMS sink: stands where SSL Wireless's SMS API stands on AWS (the same request and
 * answer shapes as functions/src/clients/sms/ssl-wireless.ts, documented in docs/notifications.md)
 * and keeps every SMS instead of sending it, with a web page listing them (like the mail inbox).
 * As the provider does, it checks the credentials, the number and the text, and refuses a second
 * message with a csms_id it has seen. Tests read it in process (`messages`, `waitFor`) or through
 * `GET /api/messages?to=`, and inject faults with `failNext` / `POST /api/fail-next`:
 * - `timeout`: the SMS is kept (the provider got it) but the answer never comes in time;
 * - `error`: an HTTP 500, nothing kept;
 * - `refuse`: a FAILED answer, nothing kept.
 */
export interface SmsRecord {
  id: string;
  receivedAt: string;
  /** 01XXXXXXXXX */
  to: string;
  text: string;
  sid: string;
  csmsId: string;
  referenceId: string;
}

type SmsFault = 'timeout' | 'error' | 'refuse';

export interface SmsSink {
  /** http://localhost:<port>: the SMS_BASE_URL of the handlers, and the page. */
  url: string;
  port: number;
  /** The credentials it accepts; the handlers' SMS_SECRET. */
  apiToken: string;
  sid: string;
  /** {"api_token","sid"} JSON, as SMS_SECRET wants it. */
  secret: string;
  /** Newest first; `to` keeps the SMS to that number (01XXXXXXXXX, 8801XXXXXXXXX or +8801...). */
  messages(filter?: { to?: string }): SmsRecord[];
  waitFor(match: (m: SmsRecord) => boolean, timeoutMs?: number): Promise<SmsRecord>;
  /** The next `count` sends meet `fault`. */
  failNext(fault: SmsFault, count?: number): void;
  /** How many send requests arrived (kept, duplicate, refused or faulted). */
  requests(): number;
  clear(): void;
  stop(): Promise<void>;
}

const MAX_MESSAGES = 500;
/** How long a `timeout` fault holds its answer: longer than any client waits. */
const HANG_MS = 60_000;
const SMS_SINK_SEND_PATH = '/api/v3/send-sms';

const localNumber = (n: string) => n.replace(/[\s-]/g, '').replace(/^(\+?88)(?=01)/, '');

export async function startSmsSink(
  opts: { port?: number; host?: string; dataDir?: string; apiToken?: string; sid?: string } = {},
): Promise<SmsSink> {
  const apiToken = opts.apiToken ?? 'local-sms-api-token';
  const sid = opts.sid ?? 'KHELAGHOR';
  const file = opts.dataDir ? join(opts.dataDir, 'sms.json') : undefined;
  let store: SmsRecord[] = file ? load(file) : [];
  const seen = new Set(store.map((m) => m.csmsId));
  const faults: SmsFault[] = [];
  const waiters = new Set<(m: SmsRecord) => void>();
  const hanging = new Set<NodeJS.Timeout>();
  let requests = 0;

  const list = (filter?: { to?: string }) => {
    const to = filter?.to ? localNumber(filter.to) : '';
    return to ? store.filter((m) => m.to === to) : [...store];
  };
  const keep = (m: SmsRecord) => {
    store.unshift(m);
    store.splice(MAX_MESSAGES);
    if (file) {
      mkdirSync(opts.dataDir!, { recursive: true });
      writeFileSync(file, JSON.stringify(store));
    }
    for (const waiter of [...waiters]) waiter(m);
  };
  const failed = (res: ServerResponse, code: number, message: string) =>
    sendJson(res, 200, { status: 'FAILED', status_code: code, error_message: message, smsinfo: [] });

  const send = async (req: IncomingMessage, res: ServerResponse) => {
    requests++;
    const body = parseObject(await readText(req));
    const fault = faults.shift();
    if (fault === 'error') return sendJson(res, 500, { message: 'Internal Server Error (fault injected)' });
    if (fault === 'refuse') return failed(res, 4050, 'Rejected by the operator (fault injected)');
    if (!body) return failed(res, 4000, 'Invalid request body');
    if (body.api_token !== apiToken || body.sid !== sid)
      return failed(res, 4001, 'Unauthorized: api_token or sid');
    const msisdn = typeof body.msisdn === 'string' ? body.msisdn : '';
    if (!/^8801[3-9]\d{8}$/.test(msisdn)) return failed(res, 4012, 'Invalid MSISDN');
    const text = typeof body.sms === 'string' ? body.sms : '';
    if (!text.trim()) return failed(res, 4013, 'SMS body is empty');
    const csmsId = typeof body.csms_id === 'string' ? body.csms_id : '';
    if (!/^[A-Za-z0-9_-]{1,20}$/.test(csmsId)) return failed(res, 4014, 'Invalid csms_id (1-20 characters)');
    if (seen.has(csmsId)) return failed(res, 4025, 'Duplicate csms_id');
    seen.add(csmsId);
    const now = new Date();
    const record: SmsRecord = {
      id: `${now.getTime().toString(36)}-${randomBytes(3).toString('hex')}`,
      receivedAt: now.toISOString(),
      to: localNumber(msisdn),
      text,
      sid,
      csmsId,
      referenceId: randomBytes(10).toString('hex'),
    };
    keep(record);
    const answer = {
      status: 'SUCCESS',
      status_code: 200,
      error_message: '',
      smsinfo: [
        {
          sms_status: 'SUCCESS',
          status_message: 'Success',
          msisdn,
          sms_type: /^[\x20-\x7e\n\r]*$/.test(text) ? 'EN' : 'UNICODE',
          sms_body: text,
          csms_id: csmsId,
          reference_id: record.referenceId,
        },
      ],
    };
    if (fault !== 'timeout') return sendJson(res, 200, answer);
    // Kept and sent, but the answer is lost: what a client sees as a timeout.
    const timer = setTimeout(() => {
      hanging.delete(timer);
      sendJson(res, 200, answer);
    }, HANG_MS);
    hanging.add(timer);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sms');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const to = url.searchParams.get('to') ?? '';
    if (method === 'POST' && path === SMS_SINK_SEND_PATH) return send(req, res);
    if (method === 'GET' && path === '/') {
      const page = smsSinkPage(list({ to }), to);
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': page.csp,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'DENY',
      });
      return void res.end(page.body);
    }
    if (method === 'GET' && path === '/api/messages') return sendJson(res, 200, list({ to }));
    if (method === 'DELETE' && path === '/api/messages') {
      sink.clear();
      return void res.writeHead(204).end();
    }
    if (method === 'POST' && path === '/api/fail-next') {
      // JSON only: a form post from another site cannot reach it without a CORS preflight.
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
        return sendJson(res, 415, {
          message: 'Send {"fault": "timeout"|"error"|"refuse", "count": n} as JSON',
        });
      const body = parseObject(await readText(req)) ?? {};
      const { fault, count = 1 } = body;
      if (fault !== 'timeout' && fault !== 'error' && fault !== 'refuse')
        return sendJson(res, 400, { message: 'fault must be timeout, error or refuse' });
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 100)
        return sendJson(res, 400, { message: 'count must be an integer from 0 to 100' });
      sink.failNext(fault, count);
      return sendJson(res, 200, { queued: faults.length });
    }
    return sendJson(res, 404, { message: 'Not found' });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) sendJson(res, 500, { message: error.message });
      else res.end();
    });
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const sink: SmsSink = {
    url: `http://localhost:${port}`,
    port,
    apiToken,
    sid,
    secret: JSON.stringify({ api_token: apiToken, sid }),
    messages: list,
    waitFor(match, timeoutMs = 10_000) {
      const found = store.find(match);
      if (found) return Promise.resolve(found);
      return new Promise<SmsRecord>((resolve, reject) => {
        const waiter = (m: SmsRecord) => {
          if (!match(m)) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No SMS matched within ${timeoutMs / 1000} s (${store.length} in the sink)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    failNext(fault, count = 1) {
      for (let i = 0; i < count; i++) faults.push(fault);
    },
    requests: () => requests,
    clear() {
      store = [];
      if (file) writeFileSync(file, '[]');
    },
    async stop() {
      for (const timer of hanging) clearTimeout(timer);
      hanging.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return sink;
}

function load(file: string): SmsRecord[] {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(parsed) ? (parsed as SmsRecord[]).slice(0, MAX_MESSAGES) : [];
  } catch {
    return [];
  }
}
