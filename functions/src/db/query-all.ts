import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';

/** Every page of a Query (the partitions read this way are small and bounded). */
export async function queryAll<T = Record<string, unknown>>(
  db: Db,
  input: Omit<QueryCommandInput, 'TableName'>,
): Promise<T[]> {
  const out: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(
      new QueryCommand({ TableName: db.table, ...input, ExclusiveStartKey: start }),
    );
    out.push(...((res.Items ?? []) as T[]));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** How many items a Query matches, page by page (Select COUNT: no items are transferred). */
export async function countAll(db: Db, input: Omit<QueryCommandInput, 'TableName'>): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await db.doc.send(
      new QueryCommand({ ...input, TableName: db.table, Select: 'COUNT', ExclusiveStartKey }),
    );
    count += out.Count ?? 0;
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}
