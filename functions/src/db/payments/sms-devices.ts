import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SMS_MAX_ACTIVE_DEVICES } from '@khelaghor/contract/schemas/sms-devices';
import type { Db } from '../client';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import { transact, write, WriteRefused, writeIf } from '../transact';

/**
 * A receiving phone's SMS device key (docs/sms-forwarder.md), named by the receiving account it
 * forwards for. Like a reseller key, the secret is never stored: it is derived from the server
 * secret (domain/resellers/signing.ts) and `secret_hash` only tells which root derives it.
 */
export interface SmsDeviceItem {
  type: 'sms_device';
  device_id: string;
  label: string | null;
  provider: 'bkash' | 'nagad' | 'rocket';
  receiving_number: string;
  secret_hash: string;
  status: 'active' | 'revoked';
  created_at: string;
  created_by: string;
  last_sms_at?: string;
  ignored_count?: number;
  revoked_at?: string;
}

export async function getSmsDevice(db: Db, deviceId: string): Promise<SmsDeviceItem | undefined> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.smsDevice(deviceId), ConsistentRead: true }),
  );
  return res.Item as SmsDeviceItem | undefined;
}

/** Every device key, newest first (ids sort by time); the partition holds a few dozen at most. */
export async function listSmsDevices(db: Db): Promise<SmsDeviceItem[]> {
  const items = await queryAll<SmsDeviceItem>(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.smsDevices(), ':prefix': keys.smsDevicePrefix() },
    ScanIndexForward: false,
    ConsistentRead: true,
  });
  return items.filter((i) => i.type === 'sms_device');
}

/**
 * A new key and the active-key count in one transaction, so two creations cannot pass
 * SMS_MAX_ACTIVE_DEVICES. False when the shop already has that many active keys.
 */
export async function createSmsDevice(db: Db, device: SmsDeviceItem): Promise<boolean> {
  try {
    await transact(db, [
      write('count', {
        Update: {
          TableName: db.table,
          Key: keys.smsDeviceCount(),
          UpdateExpression: 'ADD active_devices :one SET #type = :type',
          ConditionExpression: 'attribute_not_exists(active_devices) OR active_devices < :max',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: {
            ':one': 1,
            ':max': SMS_MAX_ACTIVE_DEVICES,
            ':type': 'sms_device_count',
          },
        },
      }),
      write('device', {
        Put: {
          TableName: db.table,
          Item: { ...keys.smsDevice(device.device_id), ...device },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      }),
    ]);
    return true;
  } catch (error) {
    if (error instanceof WriteRefused && error.has('count')) return false;
    throw error;
  }
}

/**
 * Revokes an active key and gives its place back, once: a second revoke changes nothing and
 * answers the key as it is. Undefined for an unknown key.
 */
export async function revokeSmsDevice(
  db: Db,
  deviceId: string,
  now: string,
): Promise<SmsDeviceItem | undefined> {
  try {
    await transact(db, [
      write('device', {
        Update: {
          TableName: db.table,
          Key: keys.smsDevice(deviceId),
          UpdateExpression: 'SET #status = :revoked, revoked_at = :now',
          ConditionExpression: '#status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':revoked': 'revoked', ':now': now, ':active': 'active' },
        },
      }),
      write('count', {
        Update: {
          TableName: db.table,
          Key: keys.smsDeviceCount(),
          UpdateExpression: 'ADD active_devices :minus',
          ConditionExpression: 'attribute_exists(pk) AND active_devices > :zero',
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        },
      }),
    ]);
  } catch (error) {
    if (!(error instanceof WriteRefused)) throw error;
  }
  return getSmsDevice(db, deviceId);
}

/**
 * What an accepted request leaves on its key: when it last forwarded an MFS SMS (the silent-phone
 * check reads it), or one more SMS from another sender. Only while the key is active: a revoke
 * racing a request is not undone.
 */
export async function touchSmsDevice(
  db: Db,
  deviceId: string,
  what: { smsAt: string } | { ignored: true },
): Promise<void> {
  await writeIf(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.smsDevice(deviceId),
        UpdateExpression: 'smsAt' in what ? 'SET last_sms_at = :at' : 'ADD ignored_count :one',
        ConditionExpression: '#status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':active': 'active',
          ...('smsAt' in what ? { ':at': what.smsAt } : { ':one': 1 }),
        },
      }),
    ),
  );
}

/**
 * Takes a request's nonce for a device key: true the first time, false for a replay. The item
 * outlives the signature window (an older request is refused by its timestamp), then expires.
 */
export const takeSmsDeviceNonce = (db: Db, deviceId: string, nonce: string, now: Date, ttlSeconds: number) =>
  writeIf(() =>
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.smsDeviceNonce(deviceId, nonce),
          type: 'sms_device_nonce',
          ttl: Math.floor(now.getTime() / 1000) + ttlSeconds,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
