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

/**
 * A decided request gives its slot back (only a request that took one: `pending_slot`). Every
 * caller frees it in the transaction that moves the request out of `pending`, so a slot is freed
 * once; the count never going below 0 is a second line.
 */
export function freePendingSlotWrite(table: string, userId: string): Write {
  return write('pending_slot', {
    Update: {
      TableName: table,
      Key: keys.manualPending(userId),
      UpdateExpression: 'ADD pending :minus',
      // guard-covered-by: the request's move out of `pending` in the same transaction (wallet.int.test.ts: approval credits once)
      ConditionExpression: 'pending > :zero',
      ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
    },
  });
}
