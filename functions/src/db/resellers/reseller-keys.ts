import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RESELLER_MAX_ACTIVE_KEYS } from '@khelaghor/contract/schemas/reseller';
import { batchGetItems, itemKey } from '../batch-get';
import type { Db } from '../client';
import { keys } from '../keys';
import { transact, write, WriteRefused, writeIf } from '../transact';

/**
 * A reseller API key: its own item, read by id on every signed request, and an unchanging pointer
 * under the owner's partition so the owner's keys are one Query. The secret is never stored: it is
 * derived from the server secret (domain/resellers/signing.ts); `secret_hash` only tells whether
 * the derivation still gives the secret the reseller was shown.
 */
export interface ResellerKeyItem {
  type: 'reseller_key';
  key_id: string;
  user_id: string;
  label: string | null;
  secret_hash: string;
  allowed_ips: string[];
  status: 'active' | 'revoked';
  created_at: string;
  last_used_at?: string;
  revoked_at?: string;
}

export async function getResellerKey(db: Db, keyId: string): Promise<ResellerKeyItem | undefined> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.resellerKey(keyId), ConsistentRead: true }),
  );
  return res.Item as ResellerKeyItem | undefined;
}

/** Every key of a user, newest first (key ids sort by time). */
export async function listResellerKeys(db: Db, userId: string): Promise<ResellerKeyItem[]> {
  const refs = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': keys.resellerKeyRefPrefix() },
      ScanIndexForward: false,
    }),
  );
  const wanted = (refs.Items ?? []).map((r) => keys.resellerKey(String(r.key_id)));
  const found = await batchGetItems(db, wanted, { consistent: true });
  return wanted.flatMap((k) => {
    const item = found.get(itemKey(k)) as ResellerKeyItem | undefined;
    return item && item.user_id === userId ? [item] : [];
  });
}

/**
 * A new key, the owner's pointer and the account's active-key count in one transaction: the count's
 * condition keeps an account at RESELLER_MAX_ACTIVE_KEYS even when two creations race. False when
 * the account is inactive, gone or full.
 */
export async function createResellerKey(db: Db, key: ResellerKeyItem): Promise<boolean> {
  try {
    await transact(db, [
      write('account', {
        Update: {
          TableName: db.table,
          Key: keys.reseller(key.user_id),
          UpdateExpression: 'ADD active_keys :one',
          ConditionExpression:
            'is_active = :true AND (attribute_not_exists(active_keys) OR active_keys < :max)',
          ExpressionAttributeValues: { ':one': 1, ':true': true, ':max': RESELLER_MAX_ACTIVE_KEYS },
        },
      }),
      write('key', {
        Put: {
          TableName: db.table,
          Item: { ...keys.resellerKey(key.key_id), ...key },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      }),
      write('ref', {
        Put: {
          TableName: db.table,
          Item: {
            ...keys.resellerKeyRef(key.user_id, key.key_id),
            type: 'reseller_key_ref',
            key_id: key.key_id,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      }),
    ]);
    return true;
  } catch (error) {
    if (error instanceof WriteRefused && error.has('account')) return false;
    throw error;
  }
}

/**
 * Revokes an active key of `userId` and gives its place back, once: a second revoke (or another
 * user's key) changes nothing and answers the key as it is.
 */
export async function revokeResellerKey(
  db: Db,
  userId: string,
  keyId: string,
  now: string,
): Promise<ResellerKeyItem | undefined> {
  try {
    await transact(db, [
      write('key', {
        Update: {
          TableName: db.table,
          Key: keys.resellerKey(keyId),
          UpdateExpression: 'SET #status = :revoked, revoked_at = :now',
          ConditionExpression: 'user_id = :user AND #status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':revoked': 'revoked',
            ':now': now,
            ':user': userId,
            ':active': 'active',
          },
        },
      }),
      write('account', {
        Update: {
          TableName: db.table,
          Key: keys.reseller(userId),
          UpdateExpression: 'ADD active_keys :minus',
          ConditionExpression: 'attribute_exists(pk) AND active_keys > :zero',
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        },
      }),
    ]);
  } catch (error) {
    if (!(error instanceof WriteRefused)) throw error;
  }
  const key = await getResellerKey(db, keyId);
  return key && key.user_id === userId ? key : undefined;
}

/** Records use at most once a minute per key: a write per request would double the API's cost. */
export async function touchResellerKey(db: Db, keyId: string, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - 60_000).toISOString();
  await writeIf(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.resellerKey(keyId),
        UpdateExpression: 'SET last_used_at = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(last_used_at) OR last_used_at < :stale)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':stale': stale },
      }),
    ),
  );
}

/**
 * Takes a request's nonce for a key: true the first time, false for a replay. The item outlives
 * the signature window (a request older than that is refused by its timestamp), then expires.
 */
export const takeNonce = (db: Db, keyId: string, nonce: string, now: Date, ttlSeconds: number) =>
  writeIf(() =>
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.resellerNonce(keyId, nonce),
          type: 'reseller_nonce',
          ttl: Math.floor(now.getTime() / 1000) + ttlSeconds,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
