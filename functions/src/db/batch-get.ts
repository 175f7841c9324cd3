import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';

export type ItemKey = { pk: string; sk: string };

/** One item by its table key, read consistently (what a decision is made on must be current). */
export async function getItem<T>(db: Db, key: ItemKey): Promise<T | undefined> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
  return res.Item as T | undefined;
}

/** The lookup key of an item in batchGetItems' answer. */
export const itemKey = (k: { pk: unknown; sk: unknown }) => `${String(k.pk)}\u0000${String(k.sk)}`;

/** The answer is looked up by key, so a projection always carries pk and sk. */
const withKeys = (projection: string) => {
  const names = new Set(projection.split(',').map((n) => n.trim()));
  return [...['pk', 'sk'].filter((k) => !names.has(k)), projection].join(', ');
};

/**
 * Up to any number of items by key (100 per call), retrying the keys DynamoDB leaves unprocessed.
 * Returns the found items by `itemKey(key)`; missing items are simply absent.
 */
export async function batchGetItems(
  db: Db,
  wanted: ItemKey[],
  opts: { consistent?: boolean; projection?: string; names?: Record<string, string> } = {},
): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < wanted.length; i += 100) {
    let pending: ItemKey[] = wanted.slice(i, i + 100);
    for (let round = 0; pending.length > 0; round++) {
      if (round > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** round)));
      const res = await db.doc.send(
        new BatchGetCommand({
          RequestItems: {
            [db.table]: {
              Keys: pending,
              ...(opts.consistent && { ConsistentRead: true }),
              ...(opts.projection && { ProjectionExpression: withKeys(opts.projection) }),
              ...(opts.names && { ExpressionAttributeNames: opts.names }),
            },
          },
        }),
      );
      for (const item of res.Responses?.[db.table] ?? []) found.set(itemKey(item as ItemKey), item);
      pending = (res.UnprocessedKeys?.[db.table]?.Keys ?? []) as ItemKey[];
    }
  }
  return found;
}
