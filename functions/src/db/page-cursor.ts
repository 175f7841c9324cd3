import type { IndexName } from '@khelaghor/contract';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { acceptedValues, type RotatingSecret } from '../runtime/secrets';
import { Refusal } from '../domain/refusals';

/**
 * Page cursors (DESIGN 11: opaque and signed; a changed or foreign cursor is a 400).
 * A cursor is `<payload>.<signature>`: the payload is base64url JSON of the list it belongs to and
 * the Query's LastEvaluatedKey, the signature HMAC-SHA256 of the payload text. Without the
 * signature anyone could start a Query at any key of the table (another user's orders), and a key
 * DynamoDB refuses would be a 500; the list identity inside stops a real cursor of user A's
 * orders from reading user B's, or an orders cursor from paging payments. The keys come from
 * cursorKeys() (runtime/secrets.ts): new cursors are signed with the current key, a cursor signed
 * with a previous one still pages, so a list open during a key rotation is not cut off.
 */

export const INVALID_CURSOR_MESSAGE = 'Invalid cursor. Please reload the list.';
/** The query schemas cap the text at the same length; checked here before any work is done. */
export const MAX_CURSOR_LENGTH = 2000;

/** The list a page belongs to: the table or an index, the partition queried, an optional sort-key prefix. */
export interface PageList {
  index?: IndexName;
  pk: string;
  skPrefix?: string;
}

/**
 * A list merged from several partitions of one index (a write-sharded list, keys.ts shardedLists).
 * No single LastEvaluatedKey can resume it: its page key is `{ <index>sk: <last sort key answered> }`
 * and the next page reads every partition past that sort key.
 */
export interface MergedList {
  index: IndexName;
  pks: readonly string[];
}

export type CursorList = PageList | MergedList;

export type PageKey = Record<string, string>;

const invalidCursor = () => new Refusal('invalid_cursor', INVALID_CURSOR_MESSAGE);
const BASE64URL = /^[A-Za-z0-9_-]+$/;
// Keeps these signatures apart from any other use of the same secret.
const CONTEXT = 'khelaghor page cursor v1\n';

const isMerged = (list: CursorList): list is MergedList => 'pks' in list;
// A merged list is named by a digest of its partitions: sixteen partition names would triple the
// cursor's length, and the digest still tells every list (and every shard count) apart.
const listId = (list: CursorList) =>
  isMerged(list)
    ? JSON.stringify([
        list.index,
        'merged',
        createHash('sha256').update(JSON.stringify(list.pks)).digest('base64url').slice(0, 22),
      ])
    : JSON.stringify([list.index ?? 'table', list.pk, list.skPrefix ?? '']);
const sign = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(CONTEXT).update(payload).digest('base64url');

/** The key attributes a Query of this list returns in LastEvaluatedKey (or a merged list's sort key), and nothing else. */
function keyFits(list: CursorList, key: Record<string, unknown>): key is PageKey {
  const names = isMerged(list)
    ? [`${list.index}sk`]
    : list.index
      ? ['pk', 'sk', `${list.index}pk`, `${list.index}sk`]
      : ['pk', 'sk'];
  const given = Object.keys(key);
  if (given.length !== names.length || !names.every((n) => typeof key[n] === 'string' && key[n] !== ''))
    return false;
  if (isMerged(list)) return true;
  const partition = list.index ? key[`${list.index}pk`] : key.pk;
  const sortKey = list.index ? key[`${list.index}sk`] : key.sk;
  return partition === list.pk && (!list.skPrefix || (sortKey as string).startsWith(list.skPrefix));
}

/** The cursor of the page after `key` in `list`; null when there is no next page. */
export function encodeCursor(
  list: CursorList,
  key: Record<string, unknown> | undefined,
  keys: RotatingSecret,
): string | null {
  if (!key) return null;
  // Our own Query handed this key back: a mismatch is a bug in the caller, not the client's fault.
  if (!keyFits(list, key)) throw new Error(`page key does not belong to its list ${listId(list)}`);
  const payload = Buffer.from(JSON.stringify({ l: listId(list), k: key }), 'utf8').toString('base64url');
  return `${payload}.${sign(payload, keys.current)}`;
}

/** The ExclusiveStartKey of a cursor issued for `list`; undefined for the first page; else a 400. */
export function decodeCursor(
  list: CursorList,
  cursor: string | undefined,
  keys: RotatingSecret,
): PageKey | undefined {
  if (!cursor) return undefined;
  if (cursor.length > MAX_CURSOR_LENGTH) throw invalidCursor();
  const [payload, signature, ...rest] = cursor.split('.');
  if (!payload || !signature || rest.length > 0 || !BASE64URL.test(payload)) throw invalidCursor();
  // Compared as canonical text: base64url decoding ignores stray bits, so a changed last character
  // could decode to the same bytes.
  const given = Buffer.from(signature, 'utf8');
  const signedByOne = acceptedValues(keys).some((secret) => {
    const expected = Buffer.from(sign(payload, secret), 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!signedByOne) throw invalidCursor();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const { l, k } = (value ?? {}) as { l?: unknown; k?: unknown };
  if (l !== listId(list) || !k || typeof k !== 'object' || Array.isArray(k)) throw invalidCursor();
  if (!keyFits(list, k as Record<string, unknown>)) throw invalidCursor();
  return k as PageKey;
}
