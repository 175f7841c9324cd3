import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { getItem } from '../batch-get';
import { keys } from '../keys';
import { isConditionFailure, transact, write, writeIf, WriteRefused } from '../transact';

/**
 * The buyer's pending phone code (USER#<id> / PHONE_CODE) and the verified phone on the profile.
 * Only the code's hash is kept. A wrong try is counted by a conditional ADD on the very code it
 * was checked against, so two tries at once both count and a new code starts from zero; the right
 * code deletes the item in the same transaction that writes the phone on the profile, so a code
 * verifies at most once.
 */
export interface PhoneCodeItem {
  user_id: string;
  phone: string;
  code_hash: string;
  /** Epoch milliseconds. */
  expires_at: number;
  attempts: number;
  created_at: string;
}

export const getPhoneCode = (db: Db, userId: string) => getItem<PhoneCodeItem>(db, keys.phoneCode(userId));

/** A new code for `phone`: it replaces any earlier one (its tries start from zero). */
export async function putPhoneCode(db: Db, item: PhoneCodeItem): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.phoneCode(item.user_id),
        type: 'phone_code',
        ...item,
        // The table's TTL clears it a day after it expires (the check reads expires_at, not the TTL).
        ttl: Math.floor(item.expires_at / 1000) + 24 * 3600,
      },
    }),
  );
}

/** Forget a code that could not be sent (the buyer asks again). */
export async function deletePhoneCode(db: Db, userId: string, codeHash: string): Promise<void> {
  await writeIf(() =>
    db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.phoneCode(userId),
        ConditionExpression: 'code_hash = :h',
        ExpressionAttributeValues: { ':h': codeHash },
      }),
    ),
  );
}

/**
 * One wrong try against the code whose hash is `codeHash`: the tries made so far, or undefined
 * when that code is gone (verified, replaced) or already at `max`.
 */
export async function countWrongTry(
  db: Db,
  userId: string,
  codeHash: string,
  max: number,
): Promise<number | undefined> {
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.phoneCode(userId),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'code_hash = :h AND attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':h': codeHash, ':max': max },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(res.Attributes?.attempts ?? max);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * The right code: the code item goes (only if it is still that code, under its tries and
 * unexpired) and the profile gets the phone with SMS on, in one transaction. False when the code
 * was used, replaced or ran out meanwhile.
 */
export async function confirmPhone(
  db: Db,
  userId: string,
  code: { phone: string; codeHash: string; max: number },
  now: Date,
): Promise<boolean> {
  try {
    await transact(db, [
      write('code', {
        Delete: {
          TableName: db.table,
          Key: keys.phoneCode(userId),
          ConditionExpression: 'code_hash = :h AND attempts < :max AND expires_at > :now',
          ExpressionAttributeValues: { ':h': code.codeHash, ':max': code.max, ':now': now.getTime() },
        },
      }),
      write('profile', {
        Update: {
          TableName: db.table,
          Key: keys.profile(userId),
          UpdateExpression: 'SET sms_phone = :phone, sms_on = :on, sms_verified_at = :at, updated_at = :at',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':phone': code.phone, ':on': true, ':at': now.toISOString() },
        },
      }),
    ]);
    return true;
  } catch (error) {
    if (error instanceof WriteRefused) return false;
    throw error;
  }
}

/** SMS on or off; on only with a verified phone. False when refused (no profile, or on without a phone). */
export function setSmsOn(db: Db, userId: string, on: boolean, now: Date): Promise<boolean> {
  return writeIf(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.profile(userId),
        UpdateExpression: 'SET sms_on = :on, updated_at = :now',
        ConditionExpression: on
          ? 'attribute_exists(pk) AND attribute_exists(sms_phone)'
          : 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':on': on, ':now': now.toISOString() },
      }),
    ),
  );
}
