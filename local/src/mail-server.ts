import { simpleParser, type AddressObject } from 'mailparser';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { inboxPage, messagePage, notFoundPage } from './mail-inbox-page';

/**
 * The local mail server: every message the shop sends (Cognito's sign-up and password codes, the
 * notifier's order mail) goes to this SMTP server instead of SES, and shows in a web inbox. No
 * auth, no TLS, bound to 127.0.0.1. Tests read it through `messages`/`waitFor` (in process) or the
 * JSON API (`GET /api/messages?to=`), and make deliveries fail with `failNext` / `POST /api/fail-next`.
 */
export interface MailMessage {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

export interface MailServer {
  smtpPort: number;
  /** smtp://127.0.0.1:<port> */
  smtpUrl: string;
  /** http://localhost:<webPort> */
  inboxUrl: string;
  /** Newest first; `to` keeps the messages to that address (any case). */
  messages(filter?: { to?: string }): MailMessage[];
  /** The newest message that matches (already here or still to come); rejects after timeoutMs (default 10 s). */
  waitFor(match: (m: MailMessage) => boolean, timeoutMs?: number): Promise<MailMessage>;
  /** The next `count` messages are refused at DATA with a 451 temporary error (fault injection). */
  failNext(count: number): void;
  /** The next `count` messages are refused at DATA with a 554 permanent error (fault injection). */
  rejectNext(count: number): void;
  clear(): void;
  stop(): Promise<void>;
}

/** At most this many messages are kept (memory and dataDir); older ones are dropped. */
const MAX_MESSAGES = 500;
const MAX_SIZE = 10 * 1024 * 1024;

export async function startMailServer(opts: {
  smtpPort?: number;
  webPort?: number;
  host?: string;
  /** Messages are kept here as <id>.json (across restarts); without it, in memory only. */
  dataDir?: string;
}): Promise<MailServer> {
  const host = opts.host ?? '127.0.0.1';
  const dataDir = opts.dataDir;
  let store: MailMessage[] = dataDir ? load(dataDir) : [];
  let failures = 0;
  let rejections = 0;
  let seq = 0;
  const waiters = new Set<(m: MailMessage) => void>();

  const add = (message: MailMessage) => {
    store.unshift(message);
    if (dataDir) writeFileSync(join(dataDir, `${message.id}.json`), JSON.stringify(message, null, 2));
    for (const dropped of store.splice(MAX_MESSAGES)) {
      if (dataDir) rmSync(join(dataDir, `${dropped.id}.json`), { force: true });
    }
    for (const waiter of [...waiters]) waiter(message);
  };

  const list = (filter?: { to?: string }) => {
    const to = filter?.to?.trim().toLowerCase();
    return to ? store.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : [...store];
  };

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    secure: false,
    logger: false,
    banner: 'Khelaghor local mail',
    size: MAX_SIZE,
    closeTimeout: 500,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void) {
      if (rejections > 0) {
        rejections--;
        stream.on('data', () => undefined);
        stream.on('end', () =>
          callback(
            Object.assign(new Error('Message rejected (fault injected by rejectNext)'), {
              responseCode: 554,
            }),
          ),
        );
        return;
      }
      if (failures > 0) {
        failures--;
        // The stream must be read to its end before answering.
        stream.on('data', () => undefined);
        stream.on('end', () =>
          callback(
            Object.assign(new Error('Temporary failure (fault injected by failNext), try again later'), {
              responseCode: 451,
            }),
          ),
        );
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('Message too big'), { responseCode: 552 }));
            return;
          }
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const now = new Date();
          add({
            id: `${now.getTime().toString(36)}-${(seq++).toString(36)}-${randomBytes(3).toString('hex')}`,
            receivedAt: now.toISOString(),
            from: parsed.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: envelopeTo.length > 0 ? envelopeTo : addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: (parsed.text ?? '').replace(/\s+$/, ''),
            ...(typeof parsed.html === 'string' && parsed.html ? { html: parsed.html } : {}),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A client that drops the connection mid-message is its own problem, not a crash.
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(opts.smtpPort ?? 0, host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const web: Server = createServer((req, res) => {
    handleWeb(req, res).catch((error: Error) => {
      if (!res.headersSent) sendJson(res, 500, { message: error.message });
      else res.end();
    });
  });
  const handleWeb = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://inbox');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (method === 'GET' && path === '/') {
      return sendHtml(
        res,
        200,
        inboxPage(list({ to: url.searchParams.get('to') ?? undefined }), url.searchParams.get('to') ?? ''),
      );
    }
    const page = /^\/messages\/([^/]+)$/.exec(path);
    if (method === 'GET' && page) {
      const message = store.find((m) => m.id === decodeURIComponent(page[1]!));
      return message ? sendHtml(res, 200, messagePage(message)) : sendHtml(res, 404, notFoundPage());
    }
    if (method === 'GET' && path === '/api/messages') {
      return sendJson(res, 200, list({ to: url.searchParams.get('to') ?? undefined }));
    }
    const one = /^\/api\/messages\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const message = store.find((m) => m.id === decodeURIComponent(one[1]!));
      return message ? sendJson(res, 200, message) : sendJson(res, 404, { message: 'No such message' });
    }
    if (method === 'DELETE' && path === '/api/messages') {
      server.clear();
      res.writeHead(204).end();
      return;
    }
    if (method === 'POST' && path === '/api/fail-next') {
      // JSON only: a form post from another site cannot reach it without a CORS preflight.
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
        return sendJson(res, 415, { message: 'Send {"count": n} as application/json' });
      const body = await readBody(req);
      let count: unknown;
      try {
        count = (JSON.parse(body || '{}') as { count?: unknown }).count;
      } catch {
        return sendJson(res, 400, { message: 'The body is not JSON' });
      }
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 1000)
        return sendJson(res, 400, { message: 'count must be an integer from 0 to 1000' });
      server.failNext(count);
      return sendJson(res, 200, { failNext: failures });
    }
    if (path === '/' || path.startsWith('/api/') || path.startsWith('/messages/')) {
      return sendJson(res, 405, { message: `${method} is not allowed here` });
    }
    return sendHtml(res, 404, notFoundPage());
  };
  try {
    await new Promise<void>((resolve, reject) => {
      web.once('error', reject);
      web.listen(opts.webPort ?? 0, host, () => resolve());
    });
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }
  const webPort = (web.address() as AddressInfo).port;

  const server: MailServer = {
    smtpPort,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://localhost:${webPort}`,
    messages: list,
    waitFor(match, timeoutMs = 10_000) {
      const found = store.find(match);
      if (found) return Promise.resolve(found);
      return new Promise<MailMessage>((resolve, reject) => {
        const waiter = (m: MailMessage) => {
          if (!match(m)) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const latest = store
            .slice(0, 5)
            .map((m) => `"${m.subject}" to ${m.to.join(', ')}`)
            .join('; ');
          reject(
            new Error(
              `No mail matched within ${timeoutMs / 1000} s (${store.length} in the inbox${latest ? `, newest: ${latest}` : ''})`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    failNext(count) {
      failures = Math.max(0, Math.floor(count));
    },
    rejectNext(count) {
      rejections = Math.max(0, Math.floor(count));
    },
    clear() {
      if (dataDir) for (const m of store) rmSync(join(dataDir, `${m.id}.json`), { force: true });
      store = [];
    },
    stop: async () => {
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          web.closeAllConnections();
          web.close(() => resolve());
        }),
      ]);
    },
  };
  return server;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  return objects.flatMap((o) => o.value.map((a) => (a.address ?? '').toLowerCase())).filter(Boolean);
}

/** The kept messages, newest first; the ones past MAX_MESSAGES (and unreadable files) are removed. */
function load(dir: string): MailMessage[] {
  mkdirSync(dir, { recursive: true });
  const messages: MailMessage[] = [];
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.json')) continue;
    try {
      const m = JSON.parse(readFileSync(join(dir, file), 'utf8')) as MailMessage;
      if (typeof m.id === 'string' && `${m.id}.json` === file && typeof m.receivedAt === 'string')
        messages.push(m);
      else rmSync(join(dir, file), { force: true });
    } catch {
      rmSync(join(dir, file), { force: true });
    }
  }
  messages.sort((a, b) =>
    a.receivedAt === b.receivedAt ? (a.id < b.id ? 1 : -1) : a.receivedAt < b.receivedAt ? 1 : -1,
  );
  for (const dropped of messages.splice(MAX_MESSAGES))
    rmSync(join(dir, `${dropped.id}.json`), { force: true });
  return messages;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 64 * 1024) {
        reject(new Error('Body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    .end(JSON.stringify(body));
}

function sendHtml(res: ServerResponse, status: number, html: { body: string; csp: string }): void {
  res
    .writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': html.csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    })
    .end(html.body);
}
