import type { ErrorCode } from '@khelaghor/contract';
import {
  apiMessageText,
  spoken,
  type ApiParamValue,
  type ApiReason,
  type ApiText,
  type Spoken,
} from '@khelaghor/contract/api-messages';

/**
 * What a refusal says: one of the catalogue's English texts (contract/src/api-messages.ts; the
 * type admits no other string), or a reason with its values (`said(...)`), or, for a text made
 * elsewhere (a product's own UID rule, a zod message), `spoken(text)`.
 */
export type Said = ApiText | Spoken;

/**
 * A request the shop refuses, with a code, a reason the SPA translates and the English message.
 * The domain and the layers above throw it; only the HTTP kit turns it into a status (the
 * contract's ERROR_STATUS) and headers.
 */
export class Refusal extends Error {
  readonly reason: ApiReason;
  readonly params?: Record<string, ApiParamValue>;

  constructor(
    readonly code: ErrorCode,
    what: Said,
    readonly fields?: Record<string, string>,
    /** When the caller may try again (Retry-After), for refusals that pass. */
    readonly retryAfterSeconds?: number,
  ) {
    const s = typeof what === 'string' ? spoken(what) : what;
    super(apiMessageText(s));
    this.name = 'Refusal';
    this.reason = s.reason;
    if (s.params) this.params = s.params;
  }
}

export const isRefusal = (error: unknown, code?: ErrorCode): error is Refusal =>
  error instanceof Refusal && (code === undefined || error.code === code);

export const badRequest = (message: Said, fields?: Record<string, string>) =>
  new Refusal(fields ? 'validation' : 'bad_request', message, fields);
export const unauthorized = (message: Said = 'Please login to continue') =>
  new Refusal('unauthorized', message);
export const forbidden = (message: Said = 'Admin access required') => new Refusal('forbidden', message);
export const notFound = (message: Said = 'Not found') => new Refusal('not_found', message);
export const conflict = (message: Said) => new Refusal('conflict', message);
export const duplicate = (message: Said) => new Refusal('duplicate', message);
export const outOfStock = () => new Refusal('out_of_stock', 'Out of stock');
export const businessRule = (message: Said) => new Refusal('business_rule', message);
export const insufficientBalance = () => new Refusal('insufficient_balance', 'Insufficient balance');
/** Every 429 says when to come back. */
export const tooManyRequests = (
  message: Said,
  retryAfterSeconds: number,
  code: 'too_many_requests' | 'unpaid_orders' = 'too_many_requests',
  fields?: Record<string, string>,
) => new Refusal(code, message, fields, Math.max(1, Math.ceil(retryAfterSeconds)));
/** The gateway failed or is unreachable: the client may try again shortly. */
export const badGateway = (message: Said, retryAfterSeconds = 5) =>
  new Refusal('bad_gateway', message, undefined, retryAfterSeconds);
