import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { indexPage, type Page } from '../list-items';
import { indexKeys, keys, lists, timeKey } from '../keys';

/**
 * A reseller account: a customer with a price list, under the user's own partition
 * (`USER#<id>` / `RESELLER`), on the admin's list (gsi2 `RESELLERS`, newest first).
 */
export interface ResellerItem {
  type: 'reseller';
  user_id: string;
  email: string;
  is_active: boolean;
  /** Where order callbacks go (the callbacks' work); null until the reseller sets one. */
  callback_url: string | null;
  /** Wholesale price per variant id, poisha. */
  prices: Record<string, number>;
  /** Percent off per product id (1..90). */
  product_discounts: Record<string, number>;
  /** Keys with status active: the key's create and revoke move it in their transaction (at most 5). */
  active_keys: number;
  created_at: string;
  updated_at: string;
}

export async function getReseller(db: Db, userId: string): Promise<ResellerItem | undefined> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.reseller(userId), ConsistentRead: true }),
  );
  return res.Item as ResellerItem | undefined;
}

/** The admin's write: makes the account on its first call, then replaces status and price lists. */
export async function putReseller(
  db: Db,
  r: Pick<ResellerItem, 'user_id' | 'email' | 'is_active' | 'prices' | 'product_discounts'>,
  now: string,
): Promise<ResellerItem> {
  const res = await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.reseller(r.user_id),
      UpdateExpression:
        'SET #type = :type, user_id = :user, email = :email, is_active = :active, prices = :prices, ' +
        'product_discounts = :discounts, updated_at = :now, created_at = if_not_exists(created_at, :now), ' +
        'callback_url = if_not_exists(callback_url, :null), active_keys = if_not_exists(active_keys, :zero), ' +
        'gsi2pk = :list, gsi2sk = if_not_exists(gsi2sk, :sk)',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':type': 'reseller',
        ':user': r.user_id,
        ':email': r.email,
        ':active': r.is_active,
        ':prices': r.prices,
        ':discounts': r.product_discounts,
        ':now': now,
        ':null': null,
        ':zero': 0,
        ':list': indexKeys.resellers(),
        ':sk': timeKey(now, r.user_id),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return res.Attributes as ResellerItem;
}

/** The reseller's own callback URL (only on an existing account). */
export async function setCallbackUrl(db: Db, userId: string, url: string | null, now: string): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.reseller(userId),
      UpdateExpression: 'SET callback_url = :url, updated_at = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':url': url, ':now': now },
    }),
  );
}

export const resellersPage = (
  db: Db,
  page: { cursor?: string; limit: number },
): Promise<Page<ResellerItem>> => indexPage<ResellerItem>(db, lists.resellers(), page);
