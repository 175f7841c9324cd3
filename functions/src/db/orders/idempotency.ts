import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PlaceOrderBody } from '@khelaghor/contract/schemas/orders';
import { createHash } from 'node:crypto';
import type { Db } from '../client';
import { keys } from '../keys';
import { Refusal } from '../../domain/refusals';
import { write, type Write } from '../transact';

/**
 * Idempotency-Key of POST /api/orders (IETF draft "The Idempotency-Key HTTP Header Field"): the
 * key's item is written in the same transaction as the order, so one key makes at most one order;
 * it keeps a fingerprint of the request so the same key with another body is refused (422).
 */
const IDEMPOTENCY_DAYS = 7;

export interface FirstRequest {
  orderId: string;
  /** Absent on keys written before fingerprints existed: those replay as before. */
  fingerprint?: string;
}

export const keyReused = () =>
  new Refusal(
    'idempotency_key_reused',
    'This Idempotency-Key was already used for a different order. Please try again.',
  );

/** What makes two requests the same order (the fields the server uses, after validation). */
export function requestFingerprint(body: PlaceOrderBody): string {
  const fields = [
    body.variant_id,
    // A gift card's order has none: '' as before, so old keys' fingerprints still match.
    body.player_uid ?? '',
    body.player_name || null,
    body.whatsapp_number || null,
    body.payment_method,
    // Only when given, so the fingerprints of orders without a code stay as they were.
    ...(body.promo_code ? [body.promo_code] : []),
    ...(body.player_zone ? [{ zone: body.player_zone }] : []),
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url');
}

export function idempotencyWrite(
  table: string,
  input: { userId: string; key: string; orderId: string; fingerprint: string; now: Date },
): Write {
  return write('idempotency', {
    Put: {
      TableName: table,
      Item: {
        ...keys.idempotency(input.userId, 'orders', input.key),
        type: 'idempotency',
        order_id: input.orderId,
        fingerprint: input.fingerprint,
        created_at: input.now.toISOString(),
        ttl: Math.floor(input.now.getTime() / 1000) + IDEMPOTENCY_DAYS * 86400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
}

/** The first request of a key (read after our transaction lost to it). */
export async function readFirstRequest(
  db: Db,
  userId: string,
  key: string,
): Promise<FirstRequest | undefined> {
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.table,
      Key: keys.idempotency(userId, 'orders', key),
      ConsistentRead: true,
    }),
  );
  return res.Item
    ? { orderId: String(res.Item.order_id), fingerprint: res.Item.fingerprint as string | undefined }
    : undefined;
}
