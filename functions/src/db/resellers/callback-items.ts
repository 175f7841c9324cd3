import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type {
  CallbackAttempt,
  CallbackEvent,
  CallbackOrder,
  CallbackStatus,
} from '@khelaghor/contract/schemas/reseller-callbacks';
import type { OrderStatus } from '@khelaghor/contract/facts';
import { createHash } from 'node:crypto';
import { callbackEventOf, callbackPayload } from '../../domain/resellers/callback-schedule';
import type { OrderItem } from '../../domain/model';
import type { Db } from '../client';
import { indexKeys, keys, timeKey } from '../keys';
import { write, type Write } from '../transact';

/** A reseller callback: one order event to deliver to the reseller's URL, with its attempt log. */
export interface CallbackItem {
  type: 'callback';
  id: string;
  order_id: string;
  reseller_id: string;
  key_id: string;
  event: CallbackEvent;
  status: CallbackStatus;
  payload: CallbackOrder;
  /** The delivered code of an `order.completed`: its text is read when sending, never copied here. */
  code_id?: string;
  variant_id: string;
  attempts: CallbackAttempt[];
  attempt_count: number;
  first_attempt_at?: string;
  /** Due time while on the queue; absent once delivered or failed, or while waiting for a URL. */
  next_attempt_at?: string;
  /** Sent again by hand after it was delivered or failed: one attempt, then delivered or failed. */
  final_attempt?: boolean;
  /** The worker sending it now, and until when (the claim). */
  lease_owner?: string;
  lease_until?: string;
  created_at: string;
  updated_at: string;
  delivered_at?: string;
}

/**
 * One id per move of the order to an event's status: the order's version it moved from names it.
 * A retried transaction of the same move makes the same id (the conditional put refuses a second
 * item, and the order's own status condition refuses the move); an operator moving the order
 * away and back later makes a new callback, as the reseller should hear of it again.
 */
function callbackId(orderId: string, event: CallbackEvent, fromVersion: string): string {
  const version = createHash('sha256').update(fromVersion).digest('hex').slice(0, 10);
  return `${orderId}-${event.slice('order.'.length)}-${version}`;
}

/** Where a pending callback sits on the queue (gsi3): due at `at`, or waiting for its reseller's URL. */
export const dueQueueKeys = (id: string, at: string) => ({
  gsi3pk: indexKeys.dueCallbacks(id),
  gsi3sk: timeKey(at, id),
});
export const waitingQueueKeys = (c: Pick<CallbackItem, 'id' | 'reseller_id' | 'created_at'>) => ({
  gsi3pk: indexKeys.waitingCallbacks(c.reseller_id),
  gsi3sk: timeKey(c.created_at, c.id),
});

/**
 * The callback of a reseller order's move to `to` (completed, failed, refunded), written in the
 * move's own transaction so the event is recorded exactly when the order commits. `order` is the
 * order as read (its `updated_at` is the version moved from; `fromVersion` for a new order);
 * `set` the attributes the move changes. Nothing for a customer's order or another status.
 */
export function callbackWrites(
  table: string,
  order: Partial<OrderItem> & Pick<OrderItem, 'id'>,
  to: OrderStatus,
  now: string,
  set: Record<string, unknown> = {},
  fromVersion?: string,
): Write[] {
  const event = callbackEventOf(to);
  if (!event || !order.reseller_id || !order.reseller_key_id) return [];
  const after = { ...order, ...set, status: to, updated_at: now } as OrderItem;
  const id = callbackId(order.id, event, fromVersion ?? order.updated_at ?? order.created_at ?? now);
  const item: CallbackItem = {
    type: 'callback',
    id,
    order_id: order.id,
    reseller_id: order.reseller_id,
    key_id: order.reseller_key_id,
    event,
    status: 'pending',
    payload: callbackPayload(after),
    ...(event === 'order.completed' && after.code_id && { code_id: after.code_id }),
    variant_id: after.product_variant_id,
    attempts: [],
    attempt_count: 0,
    next_attempt_at: now,
    created_at: now,
    updated_at: now,
  };
  return [
    write('callback', {
      Put: {
        TableName: table,
        Item: {
          ...keys.callback(id),
          ...item,
          gsi1pk: indexKeys.resellerCallbacks(item.reseller_id),
          gsi1sk: timeKey(now, id),
          ...dueQueueKeys(id, now),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    }),
  ];
}

export async function getCallback(db: Db, id: string): Promise<CallbackItem | undefined> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.callback(id), ConsistentRead: true }),
  );
  return res.Item as CallbackItem | undefined;
}
