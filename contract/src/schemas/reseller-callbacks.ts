import * as z from '../zod';
import { Id } from './ids';
import { Order } from './orders';

/**
 * Callbacks to a reseller's URL (docs/reseller-api.md, "Callbacks"): one per order event, signed
 * like the reseller's own requests, retried with back-off for 24 hours, every attempt logged.
 */

const CALLBACK_EVENTS = ['order.completed', 'order.failed', 'order.refunded'] as const;
export const CallbackEvent = z.enum(CALLBACK_EVENTS);
export type CallbackEvent = z.infer<typeof CallbackEvent>;

/** `pending`: still to be delivered (due, or waiting for a callback URL); `failed`: gave up after 24 hours. */
export const CallbackStatus = z.enum(['pending', 'delivered', 'failed']);
export type CallbackStatus = z.infer<typeof CallbackStatus>;

/** One try to deliver: the HTTP status answered, or why none was (timeout, refused, no URL). */
export const CallbackAttempt = z.object({
  at: z.string(),
  status_code: z.nullable(z.int()),
  error: z.nullable(z.string()),
  duration_ms: z.int(),
});
export type CallbackAttempt = z.infer<typeof CallbackAttempt>;

/**
 * The order as the event saw it (the body's `order`). The voucher code of `order.completed` is
 * added when the callback is sent and never stored with it, so it is not in this view.
 */
export const CallbackOrder = z.pick(Order, {
  id: true,
  status: true,
  product_id: true,
  product_variant_id: true,
  product_name: true,
  variant_name: true,
  player_uid: true,
  player_name: true,
  total_amount: true,
  failure_reason: true,
  created_at: true,
  updated_at: true,
});
export type CallbackOrder = z.infer<typeof CallbackOrder>;

export const ResellerCallback = z.object({
  id: z.string(),
  order_id: z.string(),
  reseller_id: z.string(),
  /** The API key that placed the order: the callback is signed with it (X-Key-Id). */
  key_id: z.string(),
  event: CallbackEvent,
  status: CallbackStatus,
  payload: CallbackOrder,
  /** The latest attempts, oldest first (at most 30 kept); attempt_count counts them all. */
  attempts: z.array(CallbackAttempt),
  attempt_count: z.int(),
  /** When the next try is due (null once delivered or failed, or while no callback URL is set). */
  next_attempt_at: z.nullable(z.string()),
  /** Pending with no callback URL (or an inactive account): sent once a URL is set, or on 'send again'. */
  waiting_for_url: z.boolean(),
  created_at: z.string(),
  delivered_at: z.nullable(z.string()),
});
export type ResellerCallback = z.infer<typeof ResellerCallback>;

export const CallbackParams = z.object({ id: Id });
export const AdminResellerCallbacksParams = z.object({ userId: Id });
export const CallbacksQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 25),
});
export const CallbacksPage = z.object({ items: z.array(ResellerCallback), cursor: z.nullable(z.string()) });
export const CallbackResponse = z.object({ callback: ResellerCallback, message: z.string() });
