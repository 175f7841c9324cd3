import { LOW_STOCK_THRESHOLD } from '@khelaghor/contract/schemas/admin-users';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { keys } from '../keys';
import { writeIf } from '../transact';

/**
 * The shop's notification settings (server only, never in the public SITE partition): the
 * addresses that get the shop's alerts and the stock level below which a variant counts as low.
 */
export interface NotifySettings {
  alert_emails: string[];
  low_stock_level: number;
  updated_at: string | null;
}

/** Until an admin sets one, low stock is what the admin overview has always called low. */
const DEFAULT_NOTIFY_SETTINGS: NotifySettings = {
  alert_emails: [],
  low_stock_level: LOW_STOCK_THRESHOLD,
  updated_at: null,
};

export async function readNotifySettings(db: Db): Promise<NotifySettings> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.notifySettings() }));
  if (!res.Item) return DEFAULT_NOTIFY_SETTINGS;
  return {
    alert_emails: Array.isArray(res.Item.alert_emails) ? res.Item.alert_emails.map(String) : [],
    low_stock_level: Number(res.Item.low_stock_level ?? DEFAULT_NOTIFY_SETTINGS.low_stock_level),
    updated_at: res.Item.updated_at ? String(res.Item.updated_at) : null,
  };
}

export async function writeNotifySettings(
  db: Db,
  settings: Omit<NotifySettings, 'updated_at'>,
  now: Date,
): Promise<NotifySettings> {
  const item = { ...settings, updated_at: now.toISOString() };
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.notifySettings(), type: 'notify_settings', ...item },
    }),
  );
  return item;
}

/**
 * Set a buyer's choice (DESIGN 11: receipts always go out; off turns every other message off) on
 * their profile; false when they have none yet (GET /api/me makes it).
 */
export function setOptionalMail(db: Db, userId: string, on: boolean, now: Date): Promise<boolean> {
  return writeIf(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.profile(userId),
        UpdateExpression: 'SET notify_optional = :on, updated_at = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':on': on, ':now': now.toISOString() },
      }),
    ),
  );
}

/** Set the buyer's language on their profile; false when they have none yet (GET /api/me makes it). */
export function setProfileLanguage(
  db: Db,
  userId: string,
  language: 'bn' | 'en',
  now: Date,
): Promise<boolean> {
  return writeIf(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.profile(userId),
        UpdateExpression: 'SET #language = :language, updated_at = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#language': 'language' },
        ExpressionAttributeValues: { ':language': language, ':now': now.toISOString() },
      }),
    ),
  );
}
