import type { SmsMessage, SmsOutcome, SmsProvider } from './sms-provider';

/**
 * SSL Wireless's SMS API (ISMS "SMS Plus", v3) behind the `SmsProvider` interface. One message:
 * `POST <base>/api/v3/send-sms` with the JSON body
 *   { api_token, sid, msisdn: "8801XXXXXXXXX", sms, csms_id }
 * answered with
 *   { status: "SUCCESS" | "FAILED", status_code, error_message,
 *     smsinfo: [{ sms_status, status_message, msisdn, sms_type, sms_body, csms_id, reference_id }] }
 * `csms_id` is the client's own id of the message, unique per message: our reference. Built from
 * the provider's documentation as remembered, not checked against the live API: what must be
 * verified before going live is listed in docs/notifications.md ("SMS").
 */
const SSL_WIRELESS_SEND_PATH = '/api/v3/send-sms';
export const SSL_WIRELESS_BASE_URL = 'https://smsplus.sslwireless.com';

/** A refusal that means "this csms_id was used before": the first message went, so this one counts as sent. */
const DUPLICATE = /duplicate/i;
const DEFAULT_TIMEOUT_MS = 8000;

export interface SslWirelessOptions {
  baseUrl: string;
  apiToken: string;
  /** The SID (sender id / masking name) the account sends as. */
  sid: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** 01XXXXXXXXX -> 8801XXXXXXXXX, the MSISDN form the API documents. */
const msisdnOf = (mobile: string) => `88${mobile}`;

export function createSslWireless(options: SslWirelessOptions): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    name: 'ssl-wireless',
    // csms_id is unique per message at SSL Wireless: a second message with it is refused as a
    // duplicate, which is what makes asking again after a timeout safe (to verify: docs).
    dedupesReference: true,
    async send(message: SmsMessage): Promise<SmsOutcome> {
      let res: Response;
      try {
        res = await doFetch(new URL(SSL_WIRELESS_SEND_PATH, options.baseUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            api_token: options.apiToken,
            sid: options.sid,
            msisdn: msisdnOf(message.to),
            sms: message.text,
            csms_id: message.reference,
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const name = (error as Error).name;
        return {
          kind: 'unknown',
          why:
            name === 'TimeoutError'
              ? `no answer within ${timeoutMs} ms`
              : `network: ${(error as Error).message}`,
        };
      }
      let body: unknown;
      const text = await res.text().catch(() => '');
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      if (res.status >= 500) return { kind: 'unknown', why: `HTTP ${res.status}` };
      return readAnswer(res.status, body);
    },
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** What an answer (below 500) means; anything we cannot read is unknown, never a guess. */
function readAnswer(httpStatus: number, body: unknown): SmsOutcome {
  if (!body || typeof body !== 'object') return { kind: 'unknown', why: `HTTP ${httpStatus}, no JSON body` };
  const b = body as Record<string, unknown>;
  const info = Array.isArray(b.smsinfo) ? (b.smsinfo[0] as Record<string, unknown> | undefined) : undefined;
  const status = str(b.status).toUpperCase();
  const code = str(b.status_code);
  const said = str(b.error_message) || str(info?.status_message);
  if (DUPLICATE.test(said)) return { kind: 'sent', providerId: str(info?.reference_id), duplicate: true };
  if (httpStatus < 300 && status === 'SUCCESS' && str(info?.sms_status).toUpperCase() === 'SUCCESS')
    return { kind: 'sent', providerId: str(info?.reference_id) };
  if (status === 'FAILED' || httpStatus >= 400 || str(info?.sms_status).toUpperCase() === 'FAILED')
    return { kind: 'refused', reason: said || `status ${code || httpStatus}`, ...(code && { code }) };
  return { kind: 'unknown', why: `HTTP ${httpStatus}, an answer that is neither SUCCESS nor FAILED` };
}
