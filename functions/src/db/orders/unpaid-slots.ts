import type { OrderItem } from './order-items';
import { keys } from '../keys';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { isConditionFailure, write, type Write } from '../transact';
import { MAX_UNPAID_ORDERS } from '../../domain/orders/unpaid-slots';

/** The items of a buyer's unpaid-order slots (the rule: domain/orders/unpaid-slots.ts). */
export const slotKeys = (userId: string) =>
  Array.from({ length: MAX_UNPAID_ORDERS }, (_, slot) => keys.unpaidSlot(userId, slot));

export function takeSlotWrite(
  table: string,
  userId: string,
  slot: number,
  orderId: string,
  holdUntil: string,
  now: string,
): Write {
  return write('slot', {
    Put: {
      TableName: table,
      Item: {
        ...keys.unpaidSlot(userId, slot),
        type: 'unpaid_slot',
        order_id: orderId,
        hold_until: holdUntil,
        created_at: now,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
}

/**
 * The slot's release, for the transaction that moves `order` (as read) out of `pending`. Nothing
 * when the order holds no slot or has already left pending (its slot was released then).
 */
export function releaseSlotWrites(
  table: string,
  order: Pick<OrderItem, 'id' | 'user_id' | 'status' | 'unpaid_slot'>,
): Write[] {
  if (order.status !== 'pending' || order.unpaid_slot === undefined) return [];
  return [
    write('slot', {
      Delete: {
        TableName: table,
        Key: keys.unpaidSlot(order.user_id, order.unpaid_slot),
        ConditionExpression: 'attribute_not_exists(pk) OR order_id = :order',
        ExpressionAttributeValues: { ':order': order.id },
      },
    }),
  ];
}

/** Free slot `n` if it still names `orderId` (mending a slot its order should have released). */
export async function deleteSlotOf(db: Db, userId: string, n: number, orderId: string): Promise<void> {
  await db.doc
    .send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.unpaidSlot(userId, n),
        ConditionExpression: 'order_id = :order',
        ExpressionAttributeValues: { ':order': orderId },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}
