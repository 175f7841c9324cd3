import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { getItem } from '../batch-get';
import { listQuery, lists, PROFILE } from '../keys';
import { listedItems, type IndexEntry } from '../list-items';
import { decodeCursor, encodeCursor } from '../page-cursor';
import { cursorKeys } from '../../runtime/secrets';
import type { Profile } from './profiles';

/** Raw Query pages read at most per request while a filtered page is filling up. */
const MAX_ROUNDS = 20;

/**
 * Profiles newest first (gsi2 USERS), `limit` per page. With an email prefix, a filtered Query
 * (gsi2 projects `email`, so the filter runs on the index) that keeps reading raw pages until the
 * page is full, so a search never answers an empty page while more exists. The prefix only
 * filters: one list (and one cursor) with or without it. The page's profiles are then fetched by
 * key.
 */
export async function listProfiles(
  db: Db,
  input: { limit: number; cursor?: string; email?: string },
): Promise<{ items: Profile[]; cursor: string | null }> {
  const list = lists.allUsers();
  const entries: IndexEntry[] = [];
  const page = async (cursor: string | null) => ({
    items: await listedItems<Profile>(db, list.index, entries),
    cursor,
  });
  const keyOf = (p: Record<string, unknown>) => ({
    pk: p.pk as string,
    sk: p.sk as string,
    [`${list.index}pk`]: p[`${list.index}pk`] as string,
    [`${list.index}sk`]: p[`${list.index}sk`] as string,
  });
  const cursorKeyring = await cursorKeys();
  let start: Record<string, unknown> | undefined = decodeCursor(list, input.cursor, cursorKeyring);
  const prefix = input.email?.trim().toLowerCase();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const out = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        ...listQuery(list, { values: prefix ? { ':prefix': prefix } : {} }),
        ...(prefix && { FilterExpression: 'begins_with(email, :prefix)' }),
        ScanIndexForward: false,
        Limit: prefix ? Math.max(input.limit, 100) : input.limit,
        ExclusiveStartKey: start,
      }),
    );
    const read = out.Items ?? [];
    for (const entry of read) {
      entries.push(entry);
      if (entries.length === input.limit) {
        // Full: continue after this entry next time (unless it was the very last one read).
        const isLastRead = entry === read[read.length - 1] && !out.LastEvaluatedKey;
        return page(isLastRead ? null : encodeCursor(list, keyOf(entry), cursorKeyring));
      }
    }
    if (!out.LastEvaluatedKey) return page(null);
    start = out.LastEvaluatedKey;
  }
  return page(encodeCursor(list, start, cursorKeyring));
}

/**
 * The profile with this email (gsi1 EMAIL#<email>, lower case), if any. Its sort key is the
 * 'PROFILE' that ensureProfile (db/users/profiles.ts) writes as gsi1sk. gsi1 holds keys only: the
 * Query finds the profile's key, a GetItem reads it.
 */
export async function profileByEmail(db: Db, email: string): Promise<Profile | undefined> {
  const out = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      ...listQuery(lists.email(email), { sk: '#sk = :sk', values: { ':sk': PROFILE } }),
      Limit: 1,
    }),
  );
  const entry = out.Items?.[0];
  return entry ? getItem<Profile>(db, { pk: String(entry.pk), sk: String(entry.sk) }) : undefined;
}
