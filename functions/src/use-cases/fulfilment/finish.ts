import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import { indexKeys, keys, timeKey } from '../../db/keys';
import { getOrder, orderTransitionWrites } from '../../db/orders/order-items';
import { getTally, tallyWrite, walletRefundWrites } from '../../db/orders/refund-items';
import { supplierOrderWrite, type SupplierOrderItem } from '../../db/fulfilment/supplier-order-items';
import { cancellationReasons, transact, write, WriteRefused, type Write } from '../../db/transact';
import { applyBalanceChange } from '../../db/wallet/balance';
import type { CodeItem, OrderItem } from '../../domain/model';
import { OPEN_STATES } from '../../domain/fulfilment/supplier-order';
import { effectiveTally, refundableRest } from '../../domain/orders/refunds';

/**
 * The two ends of an order's fulfilment, each ONE transaction conditioned on the record still
 * being open (not completed or refused) and the order still `processing`: however many senders,
 * inquiries and operators reach an end at once, exactly one commits it; the others find it ended.
 */

export type Ended = 'completed' | 'refunded' | 'already';

/** A voucher bought from the supplier becomes a delivered code of the order, like a stock code. */
function deliveredCodeWrite(
  table: string,
  order: OrderItem,
  code: string,
  now: string,
): { id: string; w: Write } {
  const id = ulid();
  const item: CodeItem & Record<string, unknown> = {
    ...keys.code(order.product_variant_id, id),
    type: 'code',
    id,
    variant_id: order.product_variant_id,
    product_id: order.product_id,
    code: code.trim(),
    status: 'delivered',
    order_id: order.id,
    user_id: order.user_id,
    delivered_at: now,
    created_at: now,
    updated_at: now,
    variant_name: order.variant_name,
    product_name: order.product_name,
    variant_name_bn: order.variant_name_bn ?? null,
    product_name_bn: order.product_name_bn ?? null,
    gsi1pk: indexKeys.userCodes(order.user_id),
    gsi1sk: timeKey(now, id),
    gsi2pk: indexKeys.allCodes(),
    gsi2sk: timeKey(now, id),
    gsi3pk: indexKeys.codesByStatus('delivered', id),
    gsi3sk: timeKey(now, id),
  };
  return {
    id,
    w: write('code', {
      Put: { TableName: table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
    }),
  };
}

const ended = (error: unknown) => error instanceof WriteRefused || Boolean(cancellationReasons(error));

/** The open record ends in `state`: no more inquiries, no lease. */
function endRecordWrite(
  table: string,
  orderId: string,
  state: 'completed' | 'refused',
  set: Partial<SupplierOrderItem>,
  now: string,
): Write {
  return supplierOrderWrite(table, orderId, {
    from: OPEN_STATES,
    set: { ...set, state, next_check_at: undefined, lease_owner: undefined, lease_until: undefined },
    now,
  });
}

/**
 * The order left `processing` some other way (an admin set its status on the Orders page): the
 * record is closed with the supplier's outcome so the job stops asking, the order left as it is.
 */
async function closeRecord(
  db: Db,
  orderId: string,
  set: Partial<SupplierOrderItem>,
  state: 'completed' | 'refused',
  now: string,
) {
  await transact(db, [endRecordWrite(db.table, orderId, state, set, now)]).catch((error: unknown) => {
    if (!ended(error)) throw error;
  });
}

/**
 * Completed: the order (with the supplier's transaction id, or the operator's proof, and a
 * voucher's code as a delivered code) and the record, together.
 */
export async function completeFulfilment(
  db: Db,
  record: Pick<SupplierOrderItem, 'order_id'>,
  done: { supplierTransactionId: string; code?: string; proof?: string },
  now: string,
): Promise<Ended> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const order = await getOrder(db, record.order_id);
    if (!order || order.status !== 'processing') {
      await closeRecord(
        db,
        record.order_id,
        { supplier_transaction_id: done.supplierTransactionId },
        'completed',
        now,
      );
      return 'already';
    }
    const code = done.code ? deliveredCodeWrite(db.table, order, done.code, now) : undefined;
    const writes: Write[] = [
      endRecordWrite(
        db.table,
        order.id,
        'completed',
        { supplier_transaction_id: done.supplierTransactionId, ...(done.proof && { proof: done.proof }) },
        now,
      ),
      ...orderTransitionWrites(
        db.table,
        order,
        'completed',
        now,
        {
          supplier_transaction_id: done.supplierTransactionId,
          ...(code && { code_id: code.id }),
        },
        ['failure_reason'],
      ),
      ...(code ? [code.w] : []),
    ];
    try {
      await transact(db, writes);
      return 'completed';
    } catch (error) {
      if (!ended(error)) throw error;
      // Ended by another (record refused), or the order moved: read again.
    }
  }
  return 'already';
}

/**
 * Refused: the rest of the buyer's money back to the wallet, once (`refunded_at` is the order's
 * guard, the record's state the fulfilment's), with a refund record and the reason on the order
 * (the refund mail says it). "The rest": an admin may have refunded part of the order while it was
 * processing, so the refund is what the refund tally has not yet counted, under the tally's own
 * condition, and the sum of refunds never passes what was paid.
 */
export async function refundFulfilment(
  db: Db,
  record: Pick<SupplierOrderItem, 'order_id'>,
  reason: string,
  now: string,
): Promise<Ended> {
  const why = reason.slice(0, 300);
  for (let attempt = 0; attempt < 4; attempt++) {
    const order = await getOrder(db, record.order_id);
    if (!order || order.status !== 'processing' || order.refunded_at || !order.paid_at) {
      await closeRecord(db, record.order_id, { reason: why }, 'refused', now);
      return 'already';
    }
    const tally = effectiveTally(order, await getTally(db, order.id));
    const rest = refundableRest(order, tally);
    const id = ulid();
    const ends = [
      endRecordWrite(db.table, order.id, 'refused', { reason: why }, now),
      ...orderTransitionWrites(
        db.table,
        order,
        'refunded',
        now,
        { refunded_at: now, failure_reason: why },
        [],
        'refund',
      ),
    ];
    try {
      if (rest === 0) await transact(db, [...ends, tallyWrite(db.table, order.id, tally, tally, now)]);
      else
        await applyBalanceChange(
          db,
          { userId: order.user_id, delta: rest, reason: 'refund', reference: order.id, now },
          () => [
            ...ends,
            ...walletRefundWrites(db.table, order, tally, {
              id,
              amount: rest,
              reason: `Not fulfilled: ${why}`.slice(0, 300),
              adminId: 'fulfilment',
              note: `Not fulfilled: ${why}`.slice(0, 300),
              now,
            }),
          ],
        );
      return 'refunded';
    } catch (error) {
      if (!ended(error)) throw error;
    }
  }
  return 'already';
}
