import { keys } from '../keys';
import { write, type Write } from '../transact';

/**
 * The count of a customer's TrxID requests waiting for a decision, kept in the same transactions
 * as the requests: a burst of concurrent requests cannot slip past the limit the way counting the
 * (eventually consistent) list would let it.
 */
export function takePendingSlotWrite(table: string, userId: string, max: number): Write {
  return write('pending_slot', {
    Update: {
      TableName: table,
      Key: keys.manualPending(userId),
      UpdateExpression: 'ADD pending :one SET #type = :type',
      ConditionExpression: 'attribute_not_exists(pending) OR pending < :max',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':max': max, ':type': 'manual_pending' },
    },
  });
}

/** A decided request gives its slot back (only a request that took one: `pending_slot`). */
export function freePendingSlotWrite(table: string, userId: string): Write {
  return write('pending_slot', {
    Update: {
      TableName: table,
      Key: keys.manualPending(userId),
      UpdateExpression: 'ADD pending :minus',
      ConditionExpression: 'pending > :zero',
      ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
    },
  });
}
