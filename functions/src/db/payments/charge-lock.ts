import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { keys } from '../keys';
import { isConditionFailure, writeIf } from '../transact';

/**
 * The writes of "one invoice per payment" (use-cases/payments/start-charge.ts): the checkout URL is
 * stored once, and only the holder of the charge lock asks the gateway for a charge.
 */

/** Store the checkout URL and its invoice id. 'taken' when the payment already has a URL (or left pending). */
export async function storePaymentUrl(
  db: Db,
  paymentId: string,
  url: string,
  invoice: string | undefined,
  now: string,
): Promise<'stored' | 'taken'> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.payment(paymentId),
        UpdateExpression: `SET payment_url = :url, updated_at = :now${invoice ? ', invoice_hint = :invoice' : ''}`,
        ConditionExpression: '#status = :pending AND attribute_not_exists(payment_url)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':url': url,
          ':now': now,
          ':pending': 'pending',
          ...(invoice && { ':invoice': invoice }),
        },
      }),
    );
    return 'stored';
  } catch (error) {
    if (isConditionFailure(error)) return 'taken';
    throw error;
  }
}

/** Take the charge lock of a pending payment without a URL whose lock has passed. False when someone holds it. */
export async function takeChargeLock(
  db: Db,
  paymentId: string,
  lock: { charge_owner: string; charge_until: string },
  now: string,
): Promise<boolean> {
  return writeIf(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.payment(paymentId),
        UpdateExpression: 'SET charge_owner = :owner, charge_until = :until',
        ConditionExpression:
          '#status = :pending AND attribute_not_exists(payment_url) AND (attribute_not_exists(charge_until) OR charge_until < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':owner': lock.charge_owner,
          ':until': lock.charge_until,
          ':now': now,
          ':pending': 'pending',
        },
      }),
    ),
  );
}
