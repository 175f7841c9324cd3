import type { OrderStatus } from '@khelaghor/contract/facts';
import type {
  CallbackAttempt,
  CallbackEvent,
  CallbackOrder,
} from '@khelaghor/contract/schemas/reseller-callbacks';
import type { OrderItem } from '../model';

/**
 * When a reseller callback is sent and when it is given up: a pure schedule over the attempts
 * made so far. Retries come 1, 2, 4, 8, 16 and 32 minutes after each failure, then hourly, for 24
 * hours after the first attempt; a callback sent again by hand gets exactly one more attempt.
 */

const MINUTE = 60_000;
const CALLBACK_WINDOW_MS = 24 * 60 * MINUTE;
/** A receiver that has not answered after this long is a failed attempt. */
export const CALLBACK_TIMEOUT_MS = 5_000;
/** How long a worker holds a callback it is sending: well past the timeout, so no two send at once. */
export const CALLBACK_LEASE_MS = 30_000;
/** The log keeps the latest attempts (attempt_count still counts them all). */
const CALLBACK_ATTEMPTS_KEPT = 30;

const EVENTS: Partial<Record<OrderStatus, CallbackEvent>> = {
  completed: 'order.completed',
  failed: 'order.failed',
  refunded: 'order.refunded',
};

/** The event an order's move to `to` tells its reseller about (none for the other statuses). */
export function callbackEventOf(to: OrderStatus): CallbackEvent | undefined {
  return EVENTS[to];
}

/** The order as the reseller sees it in the callback (the code is added at send time, never stored). */
export function callbackPayload(order: OrderItem): CallbackOrder {
  return {
    id: order.id,
    status: order.status,
    product_id: order.product_id,
    product_variant_id: order.product_variant_id,
    product_name: order.product_name,
    variant_name: order.variant_name,
    player_uid: order.player_uid,
    player_name: order.player_name ?? null,
    total_amount: order.total_amount,
    failure_reason: order.failure_reason ?? null,
    created_at: order.created_at,
    updated_at: order.updated_at,
  };
}

/** The wait after the n-th failed attempt (n from 1). */
function retryDelayMs(failedAttempts: number): number {
  return failedAttempts <= 6 ? 2 ** (failedAttempts - 1) * MINUTE : 60 * MINUTE;
}

export type AttemptResult =
  { status: 'delivered' } | { status: 'pending'; next_attempt_at: string } | { status: 'failed' };

/** What an attempt made of the callback: delivered, due again later, or given up. */
export function afterAttempt(
  callback: { attempt_count: number; first_attempt_at?: string; final_attempt?: boolean },
  attempt: { at: string; delivered: boolean },
): AttemptResult {
  if (attempt.delivered) return { status: 'delivered' };
  if (callback.final_attempt) return { status: 'failed' };
  const first = Date.parse(callback.first_attempt_at ?? attempt.at);
  const next = Date.parse(attempt.at) + retryDelayMs(callback.attempt_count + 1);
  if (next > first + CALLBACK_WINDOW_MS) return { status: 'failed' };
  return { status: 'pending', next_attempt_at: new Date(next).toISOString() };
}

/** The attempt log with one more, the oldest dropped past CALLBACK_ATTEMPTS_KEPT. */
export function withAttempt(
  attempts: readonly CallbackAttempt[],
  attempt: CallbackAttempt,
): CallbackAttempt[] {
  return [...attempts, attempt].slice(-CALLBACK_ATTEMPTS_KEPT);
}

/** A 2xx answer is a delivery; anything else (another status, a timeout, no answer) is not. */
export const isDelivered = (statusCode: number | null) =>
  statusCode !== null && statusCode >= 200 && statusCode < 300;
