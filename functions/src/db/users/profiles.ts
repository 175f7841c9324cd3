import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Caller } from '../../domain/model';
import { hasAdminRole } from './admin-role';
import type { Db } from '../client';
import { indexKeys, keys, PROFILE, timeKey } from '../keys';
import { isConditionFailure } from '../transact';

export interface Profile {
  type: 'profile';
  id: string;
  email: string;
  full_name: string;
  phone: string | null;
  /** Poisha, never below zero. */
  balance: number;
  is_admin: boolean;
  /** Emails besides receipts (db/notify/notify-settings.ts); absent on the item means on. */
  notify_optional: boolean;
  /** The buyer's language (PUT /api/me/language); null until chosen: mails in English. */
  language: 'bn' | 'en' | null;
  /** The phone the buyer verified with an SMS code (01XXXXXXXXX); the sign-up `phone` is never used for SMS. */
  sms_phone: string | null;
  /** SMS beside email (db/users/phone-code.ts): absent on the item means off. */
  sms_on: boolean;
  created_at: string;
  updated_at: string;
}

/** Name, phone (and email when the token lacks it) of a user, read from the user pool once. */
export type ProfileLookup = (
  userId: string,
) => Promise<{ email?: string; fullName?: string; phone?: string } | undefined>;

export async function getProfile(db: Db, userId: string): Promise<Profile | undefined> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.profile(userId), ConsistentRead: true }),
  );
  return res.Item ? toProfile(res.Item) : undefined;
}

/**
 * The caller's profile, created on the first call (attribute_not_exists, so two racing first
 * calls make one row and never reset a balance). `is_admin` starts from the role record and is
 * afterwards written only by the role changes (db/users/admin-role.ts), never from token claims: an old
 * token of a removed admin must not set it back.
 */
export async function ensureProfile(
  db: Db,
  caller: Caller,
  lookup: ProfileLookup,
  now: () => Date = () => new Date(),
): Promise<Profile> {
  let profile = await getProfile(db, caller.userId);
  if (!profile) {
    const found = await lookup(caller.userId).catch(() => undefined);
    const createdAt = now().toISOString();
    const email = (caller.email || found?.email || '').trim().toLowerCase();
    const item = {
      ...keys.profile(caller.userId),
      type: 'profile' as const,
      id: caller.userId,
      email,
      full_name: found?.fullName?.trim() ?? '',
      phone: found?.phone?.trim() || null,
      balance: 0,
      is_admin: await hasAdminRole(db, caller.userId),
      created_at: createdAt,
      updated_at: createdAt,
      ...(email && { gsi1pk: indexKeys.email(email), gsi1sk: PROFILE }),
      gsi2pk: indexKeys.allUsers(),
      gsi2sk: timeKey(createdAt, caller.userId),
    };
    try {
      await db.doc.send(
        new PutCommand({ TableName: db.table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
      );
      return toProfile(item);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      profile = await getProfile(db, caller.userId);
      if (!profile) throw error;
    }
  }
  return profile;
}

export function toProfile(item: Record<string, unknown>): Profile {
  return {
    type: 'profile',
    id: String(item.id),
    email: String(item.email ?? ''),
    full_name: String(item.full_name ?? ''),
    phone: item.phone ? String(item.phone) : null,
    balance: Number(item.balance ?? 0),
    is_admin: item.is_admin === true,
    notify_optional: item.notify_optional !== false,
    language: item.language === 'bn' || item.language === 'en' ? item.language : null,
    sms_phone: typeof item.sms_phone === 'string' ? item.sms_phone : null,
    sms_on: item.sms_on === true && typeof item.sms_phone === 'string',
    created_at: String(item.created_at),
    updated_at: String(item.updated_at ?? item.created_at),
  };
}
