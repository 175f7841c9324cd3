import { indexKeys, keys, timeKey } from '../keys';
import { getItem } from '../batch-get';
import type { Db } from '../client';
import type { OrderStatus } from '@khelaghor/contract/facts';
import type { OrderItem } from '../../domain/model';
import { write, type Write } from '../transact';
import { callbackWrites } from '../resellers/callback-items';
import { promoTransitionWrites } from '../promos/promo-uses';
import { releaseSlotWrites } from './unpaid-slots';
import { savedPlayerWrites } from '../players/saved-players';
import { salesCountWrite } from '../catalog/sales-counts';

/**
 * The order record: its read and its named transaction writes, which keep its index keys right;
 * the status change every order and payment transition is made of (statusUpdate).
 */

// The records' fields are the domain's model; this layer adds keys and index keys.
export type { OrderItem } from '../../domain/model';
export type { OrderStatus } from '@khelaghor/contract/facts';

export const getOrder = (db: Db, id: string) => getItem<OrderItem>(db, keys.order(id));

export function orderIndexKeys(order: Pick<OrderItem, 'user_id' | 'created_at' | 'id' | 'status'>) {
  const sk = timeKey(order.created_at, order.id);
  return {
    gsi1pk: indexKeys.userOrders(order.user_id),
    gsi1sk: sk,
    gsi2pk: indexKeys.allOrders(order.id),
    gsi2sk: sk,
    gsi3pk: indexKeys.ordersByStatus(order.status, order.id),
    gsi3sk: sk,
  };
}

export function putOrderWrite(table: string, order: OrderItem): Write {
  return write('order', {
    Put: {
      TableName: table,
      Item: { ...keys.order(order.id), ...order, ...orderIndexKeys(order) },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
}

/**
 * A status change from one of `from` (the exactly-once guard of every settlement): SET status,
 * updated_at, `gsi3pk` when given and the `set` attributes; REMOVE `remove`.
 */
export function statusUpdate(
  name: string,
  table: string,
  key: Record<string, string>,
  change: {
    to: string;
    from: string[];
    now: string;
    gsi3pk?: string;
    set: Record<string, unknown>;
    remove: string[];
    /** One more condition (e.g. the refund's exactly-once guard). */
    also?: string;
  },
): Write {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':to': change.to, ':now': change.now };
  const sets = ['#status = :to', 'updated_at = :now'];
  if (change.gsi3pk !== undefined) {
    sets.push('gsi3pk = :g3');
    values[':g3'] = change.gsi3pk;
  }
  Object.entries(change.set).forEach(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    sets.push(`#s${i} = :s${i}`);
  });
  const froms = change.from.map((s, i) => {
    values[`:f${i}`] = s;
    return `:f${i}`;
  });
  return write(name, {
    Update: {
      TableName: table,
      Key: key,
      UpdateExpression: `SET ${sets.join(', ')}${change.remove.length ? ` REMOVE ${change.remove.join(', ')}` : ''}`,
      ConditionExpression: `#status IN (${froms.join(', ')})${change.also ? ` AND ${change.also}` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  });
}

/** Order status change, conditioned on the statuses it may come from. `set` adds attributes; `remove` drops some. */
function orderStatusWrite(
  table: string,
  order: Pick<OrderItem, 'id'>,
  to: OrderStatus,
  from: OrderStatus[],
  now: string,
  set: Record<string, unknown> = {},
  remove: string[] = [],
  also?: string,
): Write {
  return statusUpdate('order', table, keys.order(order.id), {
    also,
    to,
    from,
    now,
    gsi3pk: indexKeys.ordersByStatus(to, order.id),
    set,
    remove,
  });
}

/**
 * An order's status change from the status it was read in, plus what leaving `pending` frees (the
 * buyer's unpaid-order slot). Every path that moves an order uses this, so no slot is left behind,
 * no reseller order completes, fails or is refunded without its callback in the same transaction,
 * and no order completes without being counted in its package's sales of the day.
 */
export function orderTransitionWrites(
  table: string,
  order: Pick<OrderItem, 'id' | 'user_id' | 'status' | 'unpaid_slot'> & Partial<OrderItem>,
  to: OrderStatus,
  now: string,
  set: Record<string, unknown> = {},
  remove: string[] = [],
  /** Refunds: the order may be refunded once (`refunded_at` not set yet). */
  onceOnly?: 'refund',
): Write[] {
  // Every refund that moves money with this move writes the refund tally as read in the same
  // transaction (refund-items.ts tallyWrite), and a whole refund leaves `returned` at what was paid:
  // a second refund read before the first is refused by the tally, whatever the status did since.
  // guard-covered-by: "attribute_not_exists(refunded_at)" by refund-items.ts tallyWrite's condition (functions/test/refunds.int.test.ts, a status-route refund read before another one)
  // guard-covered-by: "whole" by refund-items.ts tallyWrite's condition, as above
  const also = onceOnly === 'refund' ? 'attribute_not_exists(refunded_at)' : undefined;
  // A completed order counts once towards its package's 'Popular' (sales-counts.ts), however often
  // an operator moves it out of completed and back.
  const counts =
    to === 'completed' && !order.sales_counted && !!order.product_id && !!order.product_variant_id;
  return [
    orderStatusWrite(
      table,
      order,
      to,
      [order.status],
      now,
      counts ? { ...set, sales_counted: true } : set,
      remove,
      also,
    ),
    ...releaseSlotWrites(table, order),
    // Failing an order gives its promo code's use back (promo-uses.ts).
    ...promoTransitionWrites(table, order, to),
    ...callbackWrites(table, order, to, now, set),
    ...(counts
      ? [
          salesCountWrite(table, {
            productId: order.product_id!,
            variantId: order.product_variant_id!,
            at: now,
            // Its own item: completions of a sale's gateway payments meet on none.
            part: order.id,
          }),
        ]
      : []),
    // A completed order remembers its player on the buyer's account (never a failed or cancelled one).
    ...(to === 'completed' ? savedPlayerWrites(table, order, now) : []),
  ];
}
