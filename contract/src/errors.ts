import * as z from 'zod';

/** The JSON error shape every route answers with. */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export type ErrorCode =
  | 'bad_request'
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'out_of_stock'
  | 'duplicate'
  | 'business_rule'
  | 'insufficient_balance'
  | 'too_many_requests'
  | 'unpaid_orders'
  | 'idempotency_in_progress'
  | 'idempotency_key_reused'
  | 'invalid_cursor'
  | 'bad_gateway'
  | 'internal';
