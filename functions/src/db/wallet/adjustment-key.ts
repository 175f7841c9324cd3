import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import type { Db } from '../client';
import { keys } from '../keys';
import { write, type Write } from '../transact';

/**
 * The Idempotency-Key of an admin's wallet adjustment: written in the adjustment's own
 * transaction, so an admin whose answer was lost (a timeout after the credit committed) and who
 * presses again gets the first adjustment back instead of a second credit.
 */
const KEEP_DAYS = 7;

export interface FirstAdjustment {
  paymentId: string;
  fingerprint: string;
}

/** What makes two adjustment requests the same one. */
export const adjustmentFingerprint = (fields: unknown[]) =>
  createHash('sha256').update(JSON.stringify(fields)).digest('base64url');

export function adjustmentKeyWrite(
  table: string,
  input: { adminId: string; key: string; paymentId: string; fingerprint: string; now: string },
): Write {
  return write('idempotency', {
    Put: {
      TableName: table,
      Item: {
        ...keys.idempotency(input.adminId, 'adjustments', input.key),
        type: 'idempotency',
        payment_id: input.paymentId,
        fingerprint: input.fingerprint,
        created_at: input.now,
        ttl: Math.floor(Date.parse(input.now) / 1000) + KEEP_DAYS * 86400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
}

export async function readFirstAdjustment(
  db: Db,
  adminId: string,
  key: string,
): Promise<FirstAdjustment | undefined> {
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.table,
      Key: keys.idempotency(adminId, 'adjustments', key),
      ConsistentRead: true,
    }),
  );
  return res.Item
    ? { paymentId: String(res.Item.payment_id), fingerprint: String(res.Item.fingerprint) }
    : undefined;
}
