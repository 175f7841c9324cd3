import type { PaymentStatus } from '@khelaghor/contract/facts';
import type { PaymentItem } from '../../domain/model';
import { getItem } from '../batch-get';
import type { Db } from '../client';
import { indexKeys, keys, timeKey } from '../keys';
import { statusUpdate } from '../orders/order-items';
import { write, type Write } from '../transact';

/** The payment record: its read and its named transaction writes, which keep its index keys right. */

export type { PaymentItem } from '../../domain/model';
export type { PaymentStatus } from '@khelaghor/contract/facts';

export const getPayment = (db: Db, id: string) => getItem<PaymentItem>(db, keys.payment(id));

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
