import { tooManyRequests } from '../refusals';

/**
 * A buyer holds at most MAX_UNPAID_ORDERS unpaid gateway orders at a time (DESIGN 11), so nobody
 * can hoard a variant's stock with orders they never pay. Each unpaid order takes one slot item
 * (`USER#<id> / UNPAID#<n>`), written with `attribute_not_exists` in the reservation's transaction
 * and deleted in the transaction that moves the order out of `pending`; two racing orders cannot
 * take the same slot (db/orders/unpaid-slots.ts). Slots are items of their own so they never
 * contend with balance changes.
 */
export const MAX_UNPAID_ORDERS = 2;

export const UNPAID_ORDERS_MESSAGE = 'You have unpaid orders: pay or cancel them first';

export interface SlotItem {
  order_id: string;
  hold_until: string;
}

/** The first free slot, or a 429 naming the unpaid orders and when the first hold ends. */
export function freeSlot(taken: Array<SlotItem | undefined>, now: Date): number {
  const free = taken.findIndex((s) => !s);
  if (free >= 0) return free;
  const holds = taken.map((s) => Date.parse(s!.hold_until)).filter(Number.isFinite);
  const retryAfter = holds.length ? (Math.min(...holds) - now.getTime()) / 1000 : 60;
  throw tooManyRequests(UNPAID_ORDERS_MESSAGE, retryAfter, 'unpaid_orders', {
    order_ids: taken.map((s) => s!.order_id).join(','),
  });
}
