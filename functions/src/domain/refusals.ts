import type { ErrorCode } from '@khelaghor/contract';

/**
 * A request the shop refuses, with a code and a message the caller may see. The domain and the
 * layers above throw it; only the HTTP kit turns it into a status (the contract's ERROR_STATUS)
 * and headers.
 */
export class Refusal extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** When the caller may try again (Retry-After), for refusals that pass. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

export const isRefusal = (error: unknown, code?: ErrorCode): error is Refusal =>
  error instanceof Refusal && (code === undefined || error.code === code);

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new Refusal(fields ? 'validation' : 'bad_request', message, fields);
export const unauthorized = (message = 'Please login to continue') => new Refusal('unauthorized', message);
export const forbidden = (message = 'Admin access required') => new Refusal('forbidden', message);
export const notFound = (message = 'Not found') => new Refusal('not_found', message);
export const conflict = (message: string) => new Refusal('conflict', message);
export const duplicate = (message: string) => new Refusal('duplicate', message);
export const outOfStock = () => new Refusal('out_of_stock', 'Out of stock');
export const businessRule = (message: string) => new Refusal('business_rule', message);
export const insufficientBalance = () => new Refusal('insufficient_balance', 'Insufficient balance');
/** Every 429 says when to come back. */
export const tooManyRequests = (
  message: string,
  retryAfterSeconds: number,
  code: 'too_many_requests' | 'unpaid_orders' = 'too_many_requests',
  fields?: Record<string, string>,
) => new Refusal(code, message, fields, Math.max(1, Math.ceil(retryAfterSeconds)));
/** The gateway failed or is unreachable: the client may try again shortly. */
export const badGateway = (message: string, retryAfterSeconds = 5) =>
  new Refusal('bad_gateway', message, undefined, retryAfterSeconds);
