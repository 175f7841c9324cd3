import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { tableDefinition } from '@khelaghor/contract';
import { createDb, type Db } from '../../functions/src/db/client';
import { auditBooks, scanAll, type BooksReport } from './books-audit';
import { ensureTable, localClient } from './dynamodb';

/**
 * The restore drill on this machine (docs/operations.md, "Restore"): DynamoDB Local has no
 * point-in-time restore, so the stand-in is what a restore produces on AWS, a new table made from
 * the same definition holding the same items: the source is scanned (parallel segments) and
 * batch-written into a table created by ensureTable. Then the copy is compared item by item with
 * the source and the shop-wide books check (books-audit.ts) runs on the copy.
 */

const SEGMENTS = 4;
const BATCH = 25;

const keyOf = (item: Record<string, unknown>) =>
  `${String(item[tableDefinition.partitionKey])}\u0000${String(item[tableDefinition.sortKey])}`;

/** Write items in batches of 25, sending back what DynamoDB left unprocessed (with back-off). */
async function writeAll(db: Db, items: Record<string, unknown>[]): Promise<void> {
  for (let at = 0; at < items.length; at += BATCH) {
    let requests = items.slice(at, at + BATCH).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 8) throw new Error(`BatchWrite left ${requests.length} items unprocessed after 8 tries`);
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const res = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: requests } }));
      requests = (res.UnprocessedItems?.[db.table] ?? []) as typeof requests;
    }
  }
}

/** Copy every item of `source` into `target` (which must exist); answers the number copied. */
async function copyTable(source: Db, target: Db): Promise<number> {
  const counts = await Promise.all(
    Array.from({ length: SEGMENTS }, async (_, segment) => {
      let copied = 0;
      let start: Record<string, unknown> | undefined;
      do {
        const page = await source.doc.send(
          new ScanCommand({
            TableName: source.table,
            Segment: segment,
            TotalSegments: SEGMENTS,
            ExclusiveStartKey: start,
            ConsistentRead: true,
          }),
        );
        const items = (page.Items ?? []) as Record<string, unknown>[];
        await writeAll(target, items);
        copied += items.length;
        start = page.LastEvaluatedKey;
      } while (start);
      return copied;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** Items that differ between two tables, by key (at most `limit` named). */
async function differences(a: Db, b: Db, limit = 20): Promise<string[]> {
  const canonical = (item: Record<string, unknown>) =>
    JSON.stringify(Object.fromEntries(Object.entries(item).sort(([x], [y]) => (x < y ? -1 : 1))));
  const left = new Map((await scanAll(a)).map((i) => [keyOf(i), canonical(i)]));
  const right = new Map((await scanAll(b)).map((i) => [keyOf(i), canonical(i)]));
  const out: string[] = [];
  const name = (key: string) => key.replace('\u0000', ' / ');
  for (const [key, value] of left) {
    if (!right.has(key)) out.push(`missing in ${b.table}: ${name(key)}`);
    else if (right.get(key) !== value) out.push(`differs: ${name(key)}`);
  }
  for (const key of right.keys()) if (!left.has(key)) out.push(`only in ${b.table}: ${name(key)}`);
  return out.slice(0, limit);
}

export interface RestoreDrill {
  source: string;
  target: string;
  copied: number;
  /** Items of the copy that are not exactly the source's. */
  differences: string[];
  /** The books check on the copy. */
  books: BooksReport;
  ok: boolean;
}

/**
 * Copy `source` into a new table `target` on the DynamoDB at `endpoint`, compare, and check the
 * copy's books. `keep: false` drops the copy afterwards.
 */
export async function restoreDrill(opts: {
  endpoint: string;
  source: string;
  target: string;
  keep?: boolean;
}): Promise<RestoreDrill> {
  const source = createDb({ table: opts.source, endpoint: opts.endpoint });
  const target = createDb({ table: opts.target, endpoint: opts.endpoint });
  // The same definition the CDK table and the local stack's are made from (no stream: nobody reads it).
  await ensureTable(opts.endpoint, opts.target, { stream: false });
  try {
    const copied = await copyTable(source, target);
    const diff = await differences(source, target);
    const books = await auditBooks(target);
    return {
      source: opts.source,
      target: opts.target,
      copied,
      differences: diff,
      books,
      ok: diff.length === 0 && books.problems.length === 0,
    };
  } finally {
    if (!opts.keep) {
      const client = localClient(opts.endpoint);
      await client.send(new DeleteTableCommand({ TableName: opts.target })).finally(() => client.destroy());
    }
  }
}
