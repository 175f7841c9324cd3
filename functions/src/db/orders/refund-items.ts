import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { RefundState } from '@khelaghor/contract/schemas/refunds';
import type { Db } from '../client';
import { keys } from '../keys';
import { write, type Write } from '../transact';
import type { OrderItem } from '../../domain/model';
import { tallyAfter, type RefundRecord, type RefundTally } from '../../domain/orders/refunds';
import { putPaymentWrite } from '../payments/payment-items';

/**
 * An order's refund records and its refund tally, beside the order in its partition:
 * `ORDER#id / REFUND#<request id>` (one per admin request: a retry finds it) and
 * `ORDER#id / REFUNDS` with `held` (every refund not refused) and `returned` (sent). Every write
 * that adds a refund or moves one between states carries the tally as it was read, so two admins
 * refunding at once cannot both count against the same taka: one commits, the other re-reads.
 */

const REFUND_PREFIX = keys.refundPrefix();
const refundKey = keys.refund;
const tallyKey = keys.refundTally;

export async function getRefund(
  db: Db,
  orderId: string,
  refundId: string,
): Promise<RefundRecord | undefined> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: refundKey(orderId, refundId), ConsistentRead: true }),
  );
  return res.Item as RefundRecord | undefined;
}

export async function getTally(
  db: Db,
  orderId: string,
): Promise<{ held: number; returned: number } | undefined> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: tallyKey(orderId), ConsistentRead: true }),
  );
  return res.Item
    ? { held: Number(res.Item.held ?? 0), returned: Number(res.Item.returned ?? 0) }
    : undefined;
}

/** An order's refunds, oldest first (an order has a handful at most). */
export async function listRefunds(db: Db, orderId: string): Promise<RefundRecord[]> {
  const items: RefundRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.order(orderId).pk, ':p': REFUND_PREFIX },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((res.Items ?? []) as RefundRecord[]));
    start = res.LastEvaluatedKey;
  } while (start);
  return items.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** A new refund record: once per request id. */
export function putRefundWrite(table: string, record: RefundRecord): Write {
  return write('refund', {
    Put: {
      TableName: table,
      Item: { ...refundKey(record.order_id, record.id), ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
}

/** A refund's move from the state it was read in (a sent or refused refund never moves again). */
export function refundStateWrite(
  table: string,
  record: Pick<RefundRecord, 'order_id' | 'id'>,
  from: RefundState,
  to: RefundState,
  message: string | null,
  now: string,
): Write {
  return write('refund', {
    Update: {
      TableName: table,
      Key: refundKey(record.order_id, record.id),
      UpdateExpression: 'SET #state = :to, message = :msg, updated_at = :now',
      ConditionExpression: '#state = :from',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':to': to, ':from': from, ':msg': message, ':now': now },
    },
  });
}

/**
 * The tally's new sums, conditioned on the sums just read (absent: the first refund). The caller
 * has checked `held <= paid` against those sums, so this condition is what keeps it true.
 */
export function tallyWrite(
  table: string,
  orderId: string,
  before: RefundTally,
  after: { held: number; returned: number },
  now: string,
): Write {
  return write('refund_tally', {
    Update: {
      TableName: table,
      Key: tallyKey(orderId),
      UpdateExpression: 'SET held = :held, returned = :returned, updated_at = :now',
      ConditionExpression: before.stored
        ? 'held = :oldHeld AND returned = :oldReturned'
        : 'attribute_not_exists(pk)',
      ExpressionAttributeValues: {
        ':held': after.held,
        ':returned': after.returned,
        ':now': now,
        ...(before.stored && { ':oldHeld': before.held, ':oldReturned': before.returned }),
      },
    },
  });
}

/**
 * A wallet refund of `amount` of an order, sent at once: the tally moved under its condition, the
 * refund record and the payment record of kind `refund`. The caller adds the credit and its ledger
 * entry (applyBalanceChange) and the order's own move.
 */
export function walletRefundWrites(
  table: string,
  order: Pick<OrderItem, 'id' | 'user_id' | 'user_email'>,
  tally: RefundTally,
  r: { id: string; amount: number; reason: string; adminId: string; note?: string; now: string },
): Write[] {
  const common = { id: r.id, order_id: order.id, user_id: order.user_id, amount: r.amount };
  const at = { created_at: r.now, updated_at: r.now };
  return [
    tallyWrite(table, order.id, tally, tallyAfter(tally, r.amount, undefined, 'sent'), r.now),
    putRefundWrite(table, {
      type: 'refund',
      ...common,
      destination: 'wallet',
      state: 'sent',
      method: 'wallet',
      reason: r.reason,
      message: null,
      trx_id: null,
      admin_id: r.adminId,
      ...at,
    }),
    putPaymentWrite(table, {
      type: 'payment',
      ...common,
      kind: 'refund',
      user_email: order.user_email,
      payment_method: 'wallet',
      payment_provider: 'admin',
      status: 'completed',
      ...(r.note && { note: r.note }),
      ...at,
    }),
  ];
}
