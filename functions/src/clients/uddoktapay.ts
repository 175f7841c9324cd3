import { said } from '@khelaghor/contract/api-messages';
import type { VerifiedAnswer } from '../domain/payments/settlement';
import { parseTakaToPoisha } from '@khelaghor/contract/taka';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { effectiveGatewayConfig } from '../db/payments/gateway-config';
import { resolveGatewayKey } from './secret-store';
import { badGateway, notFound } from '../domain/refusals';

/**
 * A small UddoktaPay client (no Node SDK exists). Every call sends the API key header; answers
 * that are not what the gateway documents become 502s with a clear message.
 */
export const API_KEY_HEADER = 'RT-UDDOKTAPAY-API-KEY';

/** What the verify call says about an invoice: the domain's VerifiedAnswer (status COMPLETED, PENDING or FAILED). */
export type VerifiedPayment = VerifiedAnswer;
type VerifiedStatus = VerifiedAnswer['status'];

interface CreateChargeInput {
  fullName: string;
  email: string;
  /** Poisha; sent to the gateway as a taka string. */
  amount: number;
  metadata: Record<string, string>;
  redirectUrl: string;
  cancelUrl: string;
  webhookUrl?: string;
}

export interface GatewayClient {
  createCharge(input: CreateChargeInput): Promise<{ paymentUrl: string }>;
  verifyPayment(invoiceId: string): Promise<VerifiedPayment>;
  /** True when `presented` equals the configured API key (constant time). */
  checkApiKey(presented: string | undefined): boolean;
  webhookUrl: string;
}

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  webhookUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** False when an admin switched the gateway off: no new charges (verifying old ones still works). */
  chargesEnabled?: boolean;
}

/** 12345 poisha -> "123.45" (the gateway takes amounts as strings in taka). */
function poishaToAmountString(poisha: number): string {
  return `${Math.trunc(poisha / 100)}.${String(Math.abs(poisha % 100)).padStart(2, '0')}`;
}

/** "123.45" or 123.45 -> 12345 poisha, without floating-point arithmetic on the string form. */
export function amountToPoisha(value: unknown): number {
  const text = typeof value === 'number' ? value.toFixed(2) : String(value ?? '');
  const parsed = parseTakaToPoisha(text);
  if (parsed === undefined) throw badGateway(said('gateway_invalid_amount', { amount: text.slice(0, 20) }));
  return parsed;
}

function constantTimeEqual(a: string, b: string): boolean {
  // Hash both so the comparison takes the same time whatever the lengths.
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

export function createUddoktaPayClient(opts: ClientOptions): GatewayClient {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const base = opts.baseUrl.replace(/\/+$/, '');

  /** `refused` turns a well-formed refusal of the gateway (HTTP 200, status false) into our own error. */
  async function post(
    path: string,
    body: unknown,
    refused?: (message: string) => Error,
  ): Promise<Record<string, unknown>> {
    if (!base) throw badGateway('Payment gateway is not configured');
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          [API_KEY_HEADER]: opts.apiKey,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error)?.name === 'TimeoutError';
      throw badGateway(
        timedOut ? 'Payment gateway did not answer in time' : 'Payment gateway is unreachable',
      );
    }
    const text = await res.text();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw badGateway(said('gateway_not_json', { status: res.status }));
    }
    if (!data || typeof data !== 'object')
      throw badGateway('Payment gateway answered with an unexpected body');
    const record = data as Record<string, unknown>;
    if (!res.ok || record.status === false) {
      const message = typeof record.message === 'string' ? record.message : `HTTP ${res.status}`;
      if (res.ok && refused) throw refused(message);
      throw badGateway(said('gateway_error', { message }));
    }
    return record;
  }

  return {
    webhookUrl: opts.webhookUrl,
    checkApiKey: (presented) =>
      Boolean(opts.apiKey) && typeof presented === 'string' && constantTimeEqual(presented, opts.apiKey),

    async createCharge(input) {
      if (opts.chargesEnabled === false)
        throw badGateway('Online payment is not available right now. Please pay from your wallet.');
      const answer = await post('/api/checkout-v2', {
        full_name: input.fullName,
        email: input.email,
        amount: poishaToAmountString(input.amount),
        metadata: input.metadata,
        redirect_url: input.redirectUrl,
        cancel_url: input.cancelUrl,
        webhook_url: input.webhookUrl ?? opts.webhookUrl,
        return_type: 'GET',
      });
      const url = answer.payment_url;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw badGateway('Payment URL not received');
      return { paymentUrl: url };
    },

    async verifyPayment(invoiceId) {
      // The gateway does not know the invoice (it answers 200 with status false): a 404, not a gateway fault.
      const answer = await post('/api/verify-payment', { invoice_id: invoiceId }, () =>
        notFound('Invoice not found'),
      );
      const raw = String(answer.status ?? '').toUpperCase();
      const status: VerifiedStatus =
        raw === 'COMPLETED' ? 'COMPLETED' : raw === 'PENDING' ? 'PENDING' : 'FAILED';
      const str = (v: unknown) =>
        typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
      let metadata: Record<string, unknown> = {};
      if (answer.metadata && typeof answer.metadata === 'object')
        metadata = answer.metadata as Record<string, unknown>;
      else if (typeof answer.metadata === 'string') {
        try {
          metadata = JSON.parse(answer.metadata) as Record<string, unknown>;
        } catch {
          metadata = {};
        }
      }
      return {
        invoiceId: str(answer.invoice_id) ?? invoiceId,
        status,
        amount:
          status === 'COMPLETED'
            ? amountToPoisha(answer.amount)
            : answer.amount === undefined
              ? 0
              : safeAmount(answer.amount),
        metadata,
        paymentMethod: str(answer.payment_method),
        senderNumber: str(answer.sender_number),
        transactionId: str(answer.transaction_id),
      };
    },
  };
}

function safeAmount(value: unknown): number {
  try {
    return amountToPoisha(value);
  } catch {
    return 0;
  }
}

/**
 * The client for the stored configuration (or the environment's defaults), with the API key from
 * the secret store (cached; see clients/secret-store.ts).
 */
export async function gatewayFromConfig(db: Db): Promise<GatewayClient> {
  const cfg = await effectiveGatewayConfig(db);
  return createUddoktaPayClient({
    baseUrl: cfg.baseUrl,
    apiKey: await resolveGatewayKey(db.table, cfg.key),
    webhookUrl: cfg.webhookUrl,
    chargesEnabled: cfg.source === 'environment' || cfg.isActive,
  });
}

/** The invoice id in a checkout URL such as https://pay.example.com/payment/<invoice_id>. */
export function invoiceIdFromPaymentUrl(url: string): string | undefined {
  try {
    const parts = new URL(url).pathname.split('/').filter(Boolean);
    const last = parts.at(-1);
    return last && /^[A-Za-z0-9_-]{6,128}$/.test(last) ? last : undefined;
  } catch {
    return undefined;
  }
}
