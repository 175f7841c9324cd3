import { indexKeys, keys, timeKey } from '../keys';
import type { OrderItem, OrderStatus, PaymentItem, PaymentStatus } from '../commerce-repo';
import { write, type Write } from '../transact';
import { callbackWrites } from '../callbacks/callback-items';
import { promoTransitionWrites } from '../promos/promo-uses';
import { releaseSlotWrites } from './unpaid-slots';

/** Named transaction writes of orders and payments that keep their index keys right. */

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

export function paymentIndexKeys(
  p: Pick<
    PaymentItem,
    'id' | 'created_at' | 'status' | 'kind' | 'payment_provider' | 'hold_until' | 'next_check_at' | 'user_id'
  >,
) {
  const sk = timeKey(p.created_at, p.id);
  return {
    gsi2pk: indexKeys.allPayments(p.id),
    gsi2sk: sk,
    ...(p.kind === 'manual_topup'
      ? {
          gsi1pk: indexKeys.userManualTopups(p.user_id),
          gsi1sk: sk,
          gsi3pk: indexKeys.manualTopups(p.status),
          gsi3sk: sk,
        }
      : p.status === 'pending' && p.payment_provider === 'uddoktapay' && p.hold_until
        ? {
            gsi3pk: indexKeys.pendingGatewayPayments(p.id),
            gsi3sk: timeKey(p.next_check_at ?? p.hold_until, p.id),
          }
        : {}),
  };
}

export function putPaymentWrite(table: string, payment: PaymentItem): Write {
  return write('payment', {
    Put: {
      TableName: table,
      Item: { ...keys.payment(payment.id), ...payment, ...paymentIndexKeys(payment) },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
}

/**
 * A status change from one of `from` (the exactly-once guard of every settlement): SET status,
 * updated_at, `gsi3pk` when given and the `set` attributes; REMOVE `remove`.
 */
function statusUpdate(
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

/** Payment status change from one of `from`; leaving `pending` takes it off the sweeper's queue. Empty `set` values are skipped. */
export function paymentStatusWrite(
  table: string,
  payment: Pick<PaymentItem, 'id' | 'kind' | 'user_id' | 'created_at'>,
  to: PaymentStatus,
  from: PaymentStatus[],
  now: string,
  set: Record<string, unknown> = {},
): Write {
  const manual = payment.kind === 'manual_topup';
  return statusUpdate('payment', table, keys.payment(payment.id), {
    to,
    from,
    now,
    ...(manual && { gsi3pk: indexKeys.manualTopups(to) }),
    set: Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined && v !== null)),
    remove: !manual && to !== 'pending' ? ['gsi3pk', 'gsi3sk'] : [],
  });
}

/**
 * An order's status change from the status it was read in, plus what leaving `pending` frees (the
 * buyer's unpaid-order slot). Every path that moves an order uses this, so no slot is left behind,
 * and no reseller order completes, fails or is refunded without its callback in the same transaction.
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
  const also = onceOnly === 'refund' ? 'attribute_not_exists(refunded_at)' : undefined;
  return [
    orderStatusWrite(table, order, to, [order.status], now, set, remove, also),
    ...releaseSlotWrites(table, order),
    // Failing an order gives its promo code's use back (promo-uses.ts).
    ...promoTransitionWrites(table, order, to),
    ...callbackWrites(table, order, to, now, set),
  ];
}
