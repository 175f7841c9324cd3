import type { OrderStatus } from '@khelaghor/contract/facts';
import { keys } from '../keys';
import { write, type Write } from '../transact';
import type { OrderItem } from '../../domain/model';
import type { PromoItem } from '../../domain/orders/promo-discount';

/**
 * The promo's counters move only inside the order's transactions. Invariant: a code's `uses` (and
 * `discount_given`) and each buyer's `USE#` count are those of its orders that are not `failed`.
 * Placing an order counts the use with the limits as conditions; a status move that fails the
 * order gives it back, one that brings a failed order back counts it again (the order's own status
 * condition makes each move once).
 */

type PromoOrder = Pick<OrderItem, 'id' | 'user_id' | 'created_at' | 'promo_code' | 'discount_amount'>;

/**
 * The writes that count an order's use, for its placing transaction: the code (unchanged since it
 * was read, and a use left), the buyer's count (a use left for them) and the link the admin lists.
 * A refusal names 'promo' or 'promo_customer': the caller reads the code again and decides.
 */
export function takePromoUseWrites(table: string, order: PromoOrder, promo: PromoItem): Write[] {
  if (!order.promo_code) return [];
  const code = order.promo_code;
  const limited = promo.max_uses !== null;
  const perCustomer = promo.max_uses_per_customer !== null;
  return [
    write('promo', {
      Update: {
        TableName: table,
        Key: keys.promo(code),
        UpdateExpression: 'ADD uses :one, discount_given :d',
        // The terms the discount was computed from are still the stored ones. Switching a code off
        // is an admin change like any other and moves updated_at, so `is_active` restates it.
        // guard-covered-by: "is_active = :yes" by updated_at = :read (functions/test/promos-concurrent.int.test.ts, a code edited while an order is on the way)
        ConditionExpression: `updated_at = :read AND is_active = :yes${limited ? ' AND uses < :max' : ''}`,
        ExpressionAttributeValues: {
          ':one': 1,
          ':d': order.discount_amount ?? 0,
          ':read': promo.updated_at,
          ':yes': true,
          ...(limited && { ':max': promo.max_uses }),
        },
      },
    }),
    write('promo_customer', {
      Update: {
        TableName: table,
        Key: keys.promoUse(code, order.user_id),
        UpdateExpression: 'ADD uses :one SET #type = :type, code = :code, user_id = :user',
        ...(perCustomer && { ConditionExpression: 'attribute_not_exists(uses) OR uses < :max' }),
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':type': 'promo_use',
          ':code': code,
          ':user': order.user_id,
          ...(perCustomer && { ':max': promo.max_uses_per_customer }),
        },
      },
    }),
    write('promo_order', {
      Put: {
        TableName: table,
        Item: {
          ...keys.promoOrder(code, order.created_at, order.id),
          type: 'promo_order',
          code,
          order_id: order.id,
          user_id: order.user_id,
          created_at: order.created_at,
        },
        // Written with the order, whose own put refuses an existing id: one link per order.
        // guard-covered-by: order-items.ts putOrderWrite attribute_not_exists(pk) (functions/test/db-guards.int.test.ts, records written once)
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    }),
  ];
}

const counts = (status: OrderStatus) => status !== 'failed';

/**
 * What an order's status move does to its code's counters: failing it gives its use back,
 * bringing a failed order back (a late payment, an operator) counts it again without the limits,
 * since that order was placed while a use was left. Nothing for orders without a code.
 */
export function promoTransitionWrites(
  table: string,
  order: Pick<OrderItem, 'user_id' | 'status'> & Partial<PromoOrder>,
  to: OrderStatus,
): Write[] {
  if (!order.promo_code || counts(order.status) === counts(to)) return [];
  const step = counts(to) ? 1 : -1;
  return [
    write('promo_back', {
      Update: {
        TableName: table,
        Key: keys.promo(order.promo_code),
        UpdateExpression: 'ADD uses :n, discount_given :d',
        ExpressionAttributeValues: { ':n': step, ':d': step * (order.discount_amount ?? 0) },
      },
    }),
    write('promo_customer_back', {
      Update: {
        TableName: table,
        Key: keys.promoUse(order.promo_code, order.user_id),
        UpdateExpression: 'ADD uses :n',
        ExpressionAttributeValues: { ':n': step },
      },
    }),
  ];
}
