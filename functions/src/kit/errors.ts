import type { ErrorCode } from '@khelaghor/contract';

/** An error the caller may see: status, code and message go out as the JSON error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra response headers, e.g. Retry-After on 429 and 503. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, fields ? 'validation' : 'bad_request', message, fields);
export const unauthorized = (message = 'Please login to continue') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'Admin access required') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, code: ErrorCode = 'conflict') => new HttpError(409, code, message);
export const outOfStock = () => new HttpError(409, 'out_of_stock', 'Out of stock');
export const unprocessable = (message: string, code: ErrorCode = 'business_rule') =>
  new HttpError(422, code, message);
/** Every 429 says when to come back (Retry-After, in seconds). */
export const tooManyRequests = (
  message: string,
  retryAfterSeconds: number,
  code: ErrorCode = 'too_many_requests',
  fields?: Record<string, string>,
) => new HttpError(429, code, message, fields, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** The gateway failed or is unreachable: the client may try again shortly. */
export const badGateway = (message: string, retryAfterSeconds = 5) =>
  new HttpError(502, 'bad_gateway', message, undefined, { 'retry-after': String(retryAfterSeconds) });
