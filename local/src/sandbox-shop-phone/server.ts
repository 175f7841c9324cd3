import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { readJson, sendJson } from '../sandbox-http';
import { shopPhonePage } from './page';
import { newTrxId, SENDER, WORDING_TEXTS, type Provider } from './sms-texts';

/**
 * The local stack's shop phone: one receiving phone per seeded receiving account, each with its
 * device key, sending the SMS a real phone would get to the shop's intake, signed as a forwarder
 * signs (docs/sms-forwarder.md). Each keeps its account's running balance, so the balance chain
 * the shop checks holds from one SMS to the next. A page for people, POST /send for tests.
 */

export interface ShopPhoneKey {
  deviceId: string;
  secret: string;
  provider: Provider;
  number: string;
}

export interface ShopPhoneOptions {
  port: number;
  host?: string;
  /** The shop's origin (the intake is POSTed to <shopUrl>/api/payments/sms, as a forwarder does). */
  shopUrl: string;
  phones: ShopPhoneKey[];
  /** Keep the running balances in <dataDir>/shop-phone.json (the shop's chain outlives a restart). */
  dataDir?: string;
}

/** What POST /send takes: which phone, which wording, the payment's facts; defaults for the rest. */
interface SendRequest {
  /** The receiving number (and provider when one number has several accounts). */
  number: string;
  provider?: Provider;
  /** A wording id (sms-texts.ts); default the provider's English Send Money. */
  wording?: string;
  /** Taka, e.g. "500" or "500.50"; or amount_poisha. */
  amount?: string | number;
  amount_poisha?: number;
  trx_id?: string;
  /** The payer's number. */
  sender_number?: string;
  ref?: string;
  /** The balance the SMS reports (default: the running balance + the amount): to break the chain. */
  balance_poisha?: number;
  /** When the payment happened (ISO; default now). */
  at?: string;
  /** Send this text from this sender instead of a composed one (an unknown wording, an OTP). */
  text?: string;
  sender?: string;
  message_id?: string;
}

interface SendResult {
  sms: { message_id: string; sender: string; text: string };
  trx_id: string | null;
  amount_poisha: number | null;
  balance_poisha: number;
  /** The shop's answer. */
  status: number;
  answer: unknown;
}

export interface ShopPhone {
  url: string;
  send(req: SendRequest): Promise<SendResult>;
  stop(): Promise<void>;
}

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');
const INTAKE_PATH = '/api/payments/sms';

class BadSend extends Error {}

function amountOf(req: SendRequest): number | undefined {
  if (req.amount_poisha !== undefined)
    return Number.isSafeInteger(req.amount_poisha) ? req.amount_poisha : undefined;
  if (req.amount === undefined) return undefined;
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(String(req.amount).trim());
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export async function startShopPhone(opts: ShopPhoneOptions): Promise<ShopPhone> {
  const file = opts.dataDir && join(opts.dataDir, 'shop-phone.json');
  const balances: Record<string, number> =
    file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) : {};
  const save = () => {
    if (!file) return;
    mkdirSync(opts.dataDir!, { recursive: true });
    writeFileSync(file, JSON.stringify(balances, null, 2));
  };
  const keyOf = (p: ShopPhoneKey) => `${p.provider}:${p.number}`;

  async function send(req: SendRequest): Promise<SendResult> {
    const phone = opts.phones.find(
      (p) => p.number === req.number && (req.provider === undefined || p.provider === req.provider),
    );
    if (!phone) throw new BadSend(`No shop phone for ${req.provider ?? ''} ${req.number}`);
    const messageId = req.message_id ?? `sandbox-${Date.now()}-${randomBytes(4).toString('hex')}`;
    let sms: SendResult['sms'];
    let trxId: string | null = null;
    let amount: number | null = null;
    let balance = balances[keyOf(phone)] ?? 0;
    if (req.text !== undefined) {
      sms = { message_id: messageId, sender: req.sender ?? SENDER[phone.provider], text: req.text };
    } else {
      const wording = WORDING_TEXTS.find((w) => w.id === (req.wording ?? `${phone.provider}-send-money-en`));
      if (!wording || wording.provider !== phone.provider)
        throw new BadSend(`Unknown wording ${req.wording} for ${phone.provider}`);
      amount = amountOf(req) ?? null;
      if (!amount || amount <= 0) throw new BadSend('amount must be taka like 500 or 500.50');
      trxId = (req.trx_id?.trim() || newTrxId(phone.provider)).toUpperCase();
      balance = req.balance_poisha ?? balance + amount;
      const at = req.at ? new Date(req.at) : new Date();
      if (Number.isNaN(at.getTime())) throw new BadSend('at must be an ISO date-time');
      const text = wording.compose({
        amountPoisha: amount,
        from: req.sender_number?.trim() || (phone.provider === 'rocket' ? '018123456789' : '01812345678'),
        trxId,
        balancePoisha: balance,
        at,
        ...(req.ref && { ref: req.ref }),
      });
      sms = { message_id: messageId, sender: SENDER[phone.provider], text };
    }
    const body = JSON.stringify({ ...sms, received_at: new Date().toISOString() });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('base64url');
    // The forwarder's signature (docs/sms-forwarder.md), written here from the protocol, not the shop's code.
    const signature = createHmac('sha256', phone.secret)
      .update(['POST', INTAKE_PATH, timestamp, nonce, sha256Hex(body)].join('\n'))
      .digest('hex');
    const res = await fetch(`${opts.shopUrl}${INTAKE_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-key-id': phone.deviceId,
        'x-timestamp': timestamp,
        'x-nonce': nonce,
        'x-signature': signature,
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    const answer: unknown = await res.json().catch(() => null);
    // Kept only when the shop took it: a send the shop refused (a stopped stack, a revoked key)
    // would otherwise leave a gap in the chain the next SMS is checked against.
    if (amount !== null && res.ok) {
      balances[keyOf(phone)] = balance;
      save();
    }
    return {
      sms,
      trx_id: trxId,
      amount_poisha: amount,
      balance_poisha: balances[keyOf(phone)] ?? 0,
      status: res.status,
      answer,
    };
  }

  const state = () => ({
    phones: opts.phones.map((p) => ({
      provider: p.provider,
      number: p.number,
      device_id: p.deviceId,
      balance_poisha: balances[keyOf(p)] ?? 0,
    })),
    wordings: WORDING_TEXTS.map((w) => ({ id: w.id, provider: w.provider, label: w.label })),
    intake: `${opts.shopUrl}${INTAKE_PATH}`,
  });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      try {
        if (req.method === 'GET' && url.pathname === '/') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(shopPhonePage());
        } else if (req.method === 'GET' && url.pathname === '/state') {
          sendJson(res, 200, state());
        } else if (req.method === 'POST' && url.pathname === '/send') {
          sendJson(res, 200, await send((await readJson(req, 20_000)) as unknown as SendRequest));
        } else sendJson(res, 404, { error: 'not found' });
      } catch (error) {
        sendJson(res, error instanceof BadSend ? 400 : 502, { error: (error as Error).message });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    send,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
