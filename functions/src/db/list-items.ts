import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { IndexName } from '@khelaghor/contract';
import { batchGetItems, itemKey } from './batch-get';
import type { Db } from './client';
import { listQuery, type IndexList, type ShardedList } from './keys';
import { decodeCursor, encodeCursor, type PageList } from './page-cursor';
import { cursorKeys } from '../runtime/secrets';

/**
 * Reading lists off the indexes. The indexes keep only keys and a few attributes that never change
 * (contract/src/table.ts), so a list that shows whole items takes two steps: Query the index for
 * the entries, then fetch their items by table key. Write-sharded lists are read from every
 * partition at once and merged by sort key.
 */

export type IndexEntry = Record<string, unknown>;

/** Each partition of a sharded list as a list of its own (for listQuery). */
export const partitionsOf = (list: ShardedList): IndexList[] =>
  list.pks.map((pk) => ({ index: list.index, pk }));

/**
 * The items behind index entries, in the entries' order. An item that is gone, or no longer where
 * the entry put it (another status, a later check) is left out: the index trails the table by a
 * moment, and a list shows what the table holds.
 */
export async function listedItems<T>(
  db: Db,
  index: IndexName,
  entries: IndexEntry[],
  opts: { consistent?: boolean } = {},
): Promise<T[]> {
  if (entries.length === 0) return [];
  const keys = entries.map((e) => ({ pk: String(e.pk), sk: String(e.sk) }));
  const found = await batchGetItems(db, keys, opts);
  const [pk, sk] = [`${index}pk`, `${index}sk`];
  return keys.flatMap((key, i) => {
    const item = found.get(itemKey(key));
    return item && item[pk] === entries[i]![pk] && item[sk] === entries[i]![sk] ? [item as T] : [];
  });
}

export interface ShardScan {
  limit: number;
  /** Oldest first (a work queue); newest first when not set. */
  forward?: boolean;
  /** Only entries past this sort key in reading order (the last one of the previous page). */
  after?: string;
  /** Oldest-first reads: only entries whose sort key is below this one. */
  below?: string;
}

function sortKeyCondition(scan: ShardScan): { sk?: string; values?: Record<string, string> } {
  const { after, below } = scan;
  if (!scan.forward) return after ? { sk: '#sk < :after', values: { ':after': after } } : {};
  // One condition per sort key: both bounds make an inclusive BETWEEN, trimmed after the read.
  if (after && below)
    return { sk: '#sk BETWEEN :after AND :below', values: { ':after': after, ':below': below } };
  if (after) return { sk: '#sk > :after', values: { ':after': after } };
  if (below) return { sk: '#sk < :below', values: { ':below': below } };
  return {};
}

/**
 * The first `limit` entries of a sharded list in reading order: every partition is queried in
 * parallel for its own first `limit` (the page's entries may all sit in one partition), and the
 * answers are merged by sort key. Sort keys end with the item's id, so they are unique and a page
 * boundary never splits or repeats entries that share a timestamp. `more` says whether a next
 * page may exist (continue with `after` = the last entry's sort key).
 */
export async function mergeShards(
  db: Db,
  list: ShardedList,
  scan: ShardScan,
): Promise<{ entries: IndexEntry[]; more: boolean }> {
  const skName = `${list.index}sk`;
  const sortKey = (e: IndexEntry) => String(e[skName]);
  const precedes = (a: string, b: string) => (scan.forward ? a < b : a > b);
  const wanted = (e: IndexEntry) =>
    sortKey(e) !== scan.after && (scan.below === undefined || sortKey(e) < scan.below);
  // An inclusive lower bound reads the previous page's last entry again: one more.
  const inclusive = Boolean(scan.forward && scan.after && scan.below);
  const readPartition = async (partition: IndexList) => {
    const items: IndexEntry[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db.doc.send(
        new QueryCommand({
          TableName: db.table,
          ...listQuery(partition, sortKeyCondition(scan)),
          ScanIndexForward: scan.forward ?? false,
          Limit: scan.limit + (inclusive ? 1 : 0),
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(page.Items ?? []).filter(wanted));
      start = page.LastEvaluatedKey;
      // A page cut short (DynamoDB stops at 1 MB) that held nothing new is read on, so that
      // every partition with more to give moves the merge forward.
    } while (start && items.length === 0);
    return { items, more: Boolean(start) };
  };
  const partitions = await Promise.all(partitionsOf(list).map(readPartition));
  // A partition with more than it answered may hold entries right after its last one: nothing
  // past the earliest such point is answered on this page.
  let stop: string | undefined;
  for (const { items, more } of partitions) {
    const last = items.at(-1);
    if (more && last && (stop === undefined || precedes(sortKey(last), stop))) stop = sortKey(last);
  }
  const merged = partitions
    .flatMap((p) => p.items)
    .filter((e) => stop === undefined || !precedes(stop, sortKey(e)))
    .sort((a, b) => (precedes(sortKey(a), sortKey(b)) ? -1 : 1));
  const entries = merged.slice(0, scan.limit);
  return { entries, more: merged.length > entries.length || partitions.some((p) => p.more) };
}

/**
 * One page of a time-sorted sharded queue (the sweeper's payments, the reseller callbacks): the
 * items whose queue time is before `now`, oldest first, read strongly consistent because the job
 * acts on them; `next` (the last queue position read) continues after it.
 */
export async function dueItems<T>(
  db: Db,
  list: ShardedList,
  now: Date,
  after?: string,
): Promise<{ items: T[]; next?: string }> {
  const { entries, more } = await mergeShards(db, list, {
    limit: 100,
    forward: true,
    after,
    below: now.toISOString(),
  });
  const last = entries.at(-1);
  return {
    items: await listedItems<T>(db, list.index, entries, { consistent: true }),
    next: more && last ? String(last[`${list.index}sk`]) : undefined,
  };
}

export interface Page<T> {
  items: T[];
  cursor: string | null;
}

/** One page of a newest-first Query of `list` (cursor = the last evaluated key, signed for that list). */
export async function queryPage<T>(
  db: Db,
  list: PageList,
  input: Omit<QueryCommandInput, 'TableName' | 'IndexName' | 'ExclusiveStartKey' | 'Limit'>,
  page: { cursor?: string; limit: number },
): Promise<Page<T>> {
  const cursorKeyring = await cursorKeys();
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      ScanIndexForward: false,
      ...input,
      ...(list.index && { IndexName: list.index }),
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(list, page.cursor, cursorKeyring),
    }),
  );
  return { items: (res.Items ?? []) as T[], cursor: encodeCursor(list, res.LastEvaluatedKey, cursorKeyring) };
}

/** One newest-first page of an index list: its entries, then their items (Query + BatchGet). */
export async function indexPage<T>(
  db: Db,
  list: IndexList,
  page: { cursor?: string; limit: number },
): Promise<Page<T>> {
  const { IndexName: _index, ...condition } = listQuery(list);
  const entries = await queryPage<IndexEntry>(db, list, condition, page);
  return { items: await listedItems<T>(db, list.index, entries.items), cursor: entries.cursor };
}

/**
 * One newest-first page of a write-sharded list: every partition read in parallel and merged
 * (list-items.ts mergeShards), then the page's items. The cursor carries the last sort key
 * answered, signed for this list; the next page reads every partition below it.
 */
export async function shardedPage<T>(
  db: Db,
  list: ShardedList,
  page: { cursor?: string; limit: number },
): Promise<Page<T>> {
  const skName = `${list.index}sk`;
  const cursorKeyring = await cursorKeys();
  const after = decodeCursor(list, page.cursor, cursorKeyring)?.[skName];
  const { entries, more } = await mergeShards(db, list, { limit: page.limit, after });
  const last = entries.at(-1);
  return {
    items: await listedItems<T>(db, list.index, entries),
    cursor: more && last ? encodeCursor(list, { [skName]: String(last[skName]) }, cursorKeyring) : null,
  };
}
