import type { Db } from '../db/client';
import { effectiveGatewayConfig } from '../db/payments/gateway-config';
import { API_KEY_HEADER } from './uddoktapay';
import { resolveGatewayKey } from './secret-store';

/**
 * UddoktaPay's `POST /api/refund-payment`. It answers only `{status, message}`: no refund id and
 * no call to ask later. So only a well-formed answer is an outcome; a timeout, a dropped
 * connection, a 5xx or a garbled body is `unknown` (the money may have left), which the caller
 * records and an admin confirms from the gateway's panel: it is never sent again.
 */
interface RefundCall {
  transactionId: string;
  paymentMethod: string;
  /** Poisha; sent as a taka string. */
  amount: number;
  productName: string;
  reason: string;
}

type RefundAnswer = { outcome: 'sent' | 'refused' | 'unknown'; message: string };

export type RefundGateway = (call: RefundCall) => Promise<RefundAnswer>;

const takaString = (poisha: number) => `${Math.trunc(poisha / 100)}.${String(poisha % 100).padStart(2, '0')}`;

function createRefundCall(opts: {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): RefundGateway {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/+$/, '');
  return async (call) => {
    // Nothing was sent: a clear no, safe to record as refused.
    if (!base) return { outcome: 'refused', message: 'Payment gateway is not configured' };
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${base}/api/refund-payment`, {
        method: 'POST',
        headers: {
          [API_KEY_HEADER]: opts.apiKey,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify({
          transaction_id: call.transactionId,
          payment_method: call.paymentMethod,
          amount: takaString(call.amount),
          product_name: call.productName,
          reason: call.reason,
        }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
      text = await res.text();
    } catch (error) {
      const timedOut = (error as Error)?.name === 'TimeoutError';
      return { outcome: 'unknown', message: timedOut ? 'No answer in time' : 'The connection dropped' };
    }
    if (res.status >= 500) return { outcome: 'unknown', message: `HTTP ${res.status}` };
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return { outcome: 'unknown', message: `HTTP ${res.status}: not JSON` };
    }
    const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    const message = typeof record.message === 'string' ? record.message.slice(0, 300) : '';
    if (record.status === true && res.ok) return { outcome: 'sent', message };
    if (record.status === false) return { outcome: 'refused', message: message || `HTTP ${res.status}` };
    return { outcome: 'unknown', message: `HTTP ${res.status}: unexpected answer` };
  };
}

/** The refund call for the stored gateway configuration (the API key from the secret store). */
export async function refundCallFromConfig(db: Db): Promise<RefundGateway> {
  const cfg = await effectiveGatewayConfig(db);
  return createRefundCall({ baseUrl: cfg.baseUrl, apiKey: await resolveGatewayKey(db.table, cfg.key) });
}
