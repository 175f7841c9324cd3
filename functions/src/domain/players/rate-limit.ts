import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../../db/client';
import { keys } from '../../db/keys';

export interface RateLimit {
  scope: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counter: one item per caller and window, incremented atomically, gone after the
 * window through the table's TTL. Returns whether this request is still within the limit.
 */
export async function takeToken(db: Db, rule: RateLimit, caller: string, now: Date): Promise<boolean> {
  const windowStart = Math.floor(now.getTime() / 1000 / rule.windowSeconds) * rule.windowSeconds;
  const result = await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.rateLimit(rule.scope, caller, String(windowStart)),
      UpdateExpression: 'ADD #count :one SET #type = if_not_exists(#type, :type), #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#count': 'count', '#type': 'type', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':type': 'rate_limit', ':ttl': windowStart + rule.windowSeconds * 2 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const count = Number(result.Attributes?.count ?? 0);
  return count <= rule.limit;
}
