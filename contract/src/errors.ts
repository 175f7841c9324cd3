import * as z from './zod';

/** The JSON error shape every route answers with. */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    /** English, the spec's text (contract/src/api-messages.ts fills its placeholders). */
    message: z.string(),
    /** The message's key in API_MESSAGES: the SPA shows the text of the chosen language for it. */
    reason: z.string(),
    /** The values of the message's placeholders. */
    params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
    fields: z.optional(z.record(z.string(), z.string())),
    /** The reasons of the field messages that are the catalogue's (the others have none). */
    field_reasons: z.optional(
      z.record(
        z.string(),
        z.object({
          reason: z.string(),
          params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
        }),
      ),
    ),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Every error code the API answers with, and its HTTP status (the one place that pairs them). */
export const ERROR_STATUS = {
  bad_request: 400,
  validation: 400,
  invalid_cursor: 400,
  unauthorized: 401,
  forbidden: 403,
  mfa_required: 403,
  not_found: 404,
  conflict: 409,
  out_of_stock: 409,
  duplicate: 409,
  idempotency_in_progress: 409,
  business_rule: 422,
  insufficient_balance: 422,
  idempotency_key_reused: 422,
  too_many_requests: 429,
  unpaid_orders: 429,
  bad_gateway: 502,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
