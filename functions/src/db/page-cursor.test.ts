import { ERROR_STATUS } from '@khelaghor/contract';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Refusal } from '../domain/refusals';
import {
  decodeCursor,
  encodeCursor,
  INVALID_CURSOR_MESSAGE,
  MAX_CURSOR_LENGTH,
  type MergedList,
  type PageList,
} from './page-cursor';

const secret = 'a-test-secret-of-at-least-thirty-two-characters';
const keys = { current: secret, previous: [] };
const ordersOfA: PageList = { index: 'gsi1', pk: 'USERORDERS#user-a' };
const ordersOfB: PageList = { index: 'gsi1', pk: 'USERORDERS#user-b' };
const keyOfA = {
  pk: 'ORDER#01A',
  sk: 'ORDER',
  gsi1pk: 'USERORDERS#user-a',
  gsi1sk: '2025-01-01T00:00:00.000Z#01A',
};
const ledgerOfA: PageList = { pk: 'USER#user-a', skPrefix: 'LEDGER#' };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
/** A cursor signed with the right secret but carrying whatever payload a test wants. */
const signed = (payload: string) =>
  `${payload}.${createHmac('sha256', secret).update('khelaghor page cursor v1\n').update(payload).digest('base64url')}`;

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error instanceof Refusal
      ? { status: ERROR_STATUS[error.code], code: error.code, message: error.message }
      : error;
  }
  return 'accepted';
}
const invalid = { status: 400, code: 'invalid_cursor', message: INVALID_CURSOR_MESSAGE };

describe('page cursor', () => {
  it('round-trips the last evaluated key of its own list', () => {
    const cursor = encodeCursor(ordersOfA, keyOfA, keys)!;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(decodeCursor(ordersOfA, cursor, keys)).toEqual(keyOfA);
    const ledgerKey = { pk: 'USER#user-a', sk: 'LEDGER#01B' };
    expect(decodeCursor(ledgerOfA, encodeCursor(ledgerOfA, ledgerKey, keys)!, keys)).toEqual(ledgerKey);
  });

  it('no key is no cursor; no cursor (or an empty one) is the first page', () => {
    expect(encodeCursor(ordersOfA, undefined, keys)).toBeNull();
    expect(decodeCursor(ordersOfA, undefined, keys)).toBeUndefined();
    expect(decodeCursor(ordersOfA, '', keys)).toBeUndefined();
  });

  it('refuses a cursor whose signature or payload was changed by one character', () => {
    const cursor = encodeCursor(ordersOfA, keyOfA, keys)!;
    const dot = cursor.indexOf('.');
    for (const at of [0, Math.floor(dot / 2), dot + 1, cursor.length - 1]) {
      const changed = cursor.slice(0, at) + (cursor[at] === 'A' ? 'B' : 'A') + cursor.slice(at + 1);
      expect(
        refusal(() => decodeCursor(ordersOfA, changed, keys)),
        `at ${at}`,
      ).toEqual(invalid);
    }
    expect(
      refusal(() =>
        decodeCursor(ordersOfA, cursor, {
          current: 'another-secret-of-at-least-thirty-two-chars',
          previous: [],
        }),
      ),
    ).toEqual(invalid);
  });

  it("refuses another list's real cursor: another user's, another index's, another partition's", () => {
    const cursor = encodeCursor(ordersOfA, keyOfA, keys)!;
    expect(refusal(() => decodeCursor(ordersOfB, cursor, keys))).toEqual(invalid);
    expect(refusal(() => decodeCursor({ index: 'gsi2', pk: 'USERORDERS#user-a' }, cursor, keys))).toEqual(
      invalid,
    );
    const ledger = encodeCursor(ledgerOfA, { pk: 'USER#user-a', sk: 'LEDGER#01B' }, keys)!;
    expect(refusal(() => decodeCursor({ pk: 'USER#user-a' }, ledger, keys))).toEqual(invalid);
  });

  it('refuses garbage, the old unsigned format and a forged {"pk":"x"}', () => {
    for (const garbage of [
      'not-a-cursor',
      'a.b.c',
      '.',
      'abc.',
      '.abc',
      'ab$c.def',
      '{}',
      b64({ pk: 'x' }),
      b64(keyOfA),
    ]) {
      expect(
        refusal(() => decodeCursor(ordersOfA, garbage, keys)),
        garbage,
      ).toEqual(invalid);
    }
  });

  it('refuses a cursor longer than the limit before checking anything', () => {
    const long = `${'A'.repeat(MAX_CURSOR_LENGTH)}.${'A'.repeat(43)}`;
    expect(refusal(() => decodeCursor(ordersOfA, long, keys))).toEqual(invalid);
  });

  it('even with a valid signature, accepts only the exact string key attributes of the list', () => {
    const payloads = [
      b64({ l: '["gsi1","USERORDERS#user-a",""]', k: { ...keyOfA, extra: 'x' } }),
      b64({ l: '["gsi1","USERORDERS#user-a",""]', k: { ...keyOfA, gsi1sk: 5 } }),
      b64({ l: '["gsi1","USERORDERS#user-a",""]', k: { pk: 'ORDER#01A', sk: 'ORDER' } }),
      b64({ l: '["gsi1","USERORDERS#user-a",""]', k: { ...keyOfA, gsi1pk: 'USERORDERS#user-b' } }),
      b64({ l: '["gsi1","USERORDERS#user-a",""]', k: [keyOfA] }),
      b64({ l: '["gsi1","USERORDERS#user-a",""]' }),
      b64(null),
      Buffer.from('not json', 'utf8').toString('base64url'),
    ];
    // The control: the same construction with the right key is accepted.
    expect(
      decodeCursor(ordersOfA, signed(b64({ l: '["gsi1","USERORDERS#user-a",""]', k: keyOfA })), keys),
    ).toEqual(keyOfA);
    for (const payload of payloads) {
      expect(
        refusal(() => decodeCursor(ordersOfA, signed(payload), keys)),
        payload,
      ).toEqual(invalid);
    }
  });

  it('will not sign a key of another list (a bug in the caller, not a client error)', () => {
    expect(() => encodeCursor(ordersOfB, keyOfA, keys)).toThrow(/does not belong/);
    expect(() => encodeCursor(ledgerOfA, { pk: 'USER#user-a', sk: 'PROFILE' }, keys)).toThrow(
      /does not belong/,
    );
  });
});

describe('page cursor of a merged (sharded) list', () => {
  const shards = (list: string) =>
    Array.from({ length: 16 }, (_, n) => `${list}#${String(n).padStart(2, '0')}`);
  const pending: MergedList = { index: 'gsi3', pks: shards('ORDERS#pending') };
  const completed: MergedList = { index: 'gsi3', pks: shards('ORDERS#completed') };
  const after = { gsi3sk: '2025-01-01T00:00:00.000Z#01A' };

  it('carries only the last sort key answered, and stays short', () => {
    const cursor = encodeCursor(pending, after, keys)!;
    expect(decodeCursor(pending, cursor, keys)).toEqual(after);
    expect(cursor.length).toBeLessThan(250);
  });

  it("refuses another list's cursor: another status, another index, a single partition's", () => {
    const cursor = encodeCursor(pending, after, keys)!;
    expect(refusal(() => decodeCursor(completed, cursor, keys))).toEqual(invalid);
    expect(refusal(() => decodeCursor({ ...pending, index: 'gsi2' }, cursor, keys))).toEqual(invalid);
    expect(refusal(() => decodeCursor({ ...pending, pks: pending.pks.slice(0, 8) }, cursor, keys))).toEqual(
      invalid,
    );
    expect(refusal(() => decodeCursor({ index: 'gsi3', pk: 'ORDERS#pending#00' }, cursor, keys))).toEqual(
      invalid,
    );
    const single = encodeCursor(ordersOfA, keyOfA, keys)!;
    expect(refusal(() => decodeCursor(pending, single, keys))).toEqual(invalid);
  });

  it('will not sign, nor take back, anything but the sort key of its index', () => {
    expect(() => encodeCursor(pending, { gsi2sk: after.gsi3sk }, keys)).toThrow(/does not belong/);
    expect(() => encodeCursor(pending, { ...after, gsi3pk: 'ORDERS#pending#00' }, keys)).toThrow(
      /does not belong/,
    );
    const good = decodeCursor(pending, encodeCursor(pending, after, keys)!, keys);
    expect(good).toEqual(after);
    const l = JSON.parse(
      Buffer.from(encodeCursor(pending, after, keys)!.split('.')[0]!, 'base64url').toString(),
    ).l;
    for (const k of [{ gsi3sk: '' }, { gsi3sk: 5 }, { ...after, pk: 'ORDER#01A' }, {}]) {
      expect(refusal(() => decodeCursor(pending, signed(b64({ l, k })), keys))).toEqual(invalid);
    }
  });
});

describe('page cursor across a key rotation', () => {
  const next = 'the-next-test-secret-of-at-least-thirty-two-chars';
  const rotated = { current: next, previous: [secret] };

  it('pages on with a cursor signed before the rotation, and signs new cursors with the new key', () => {
    const before = encodeCursor(ordersOfA, keyOfA, keys)!;
    expect(decodeCursor(ordersOfA, before, rotated)).toEqual(keyOfA);
    const after = encodeCursor(ordersOfA, keyOfA, rotated)!;
    expect(after).not.toBe(before);
    expect(decodeCursor(ordersOfA, after, { current: next, previous: [] })).toEqual(keyOfA);
  });

  it('refuses a cursor of a key dropped from the secret, and one of a key never in it', () => {
    const before = encodeCursor(ordersOfA, keyOfA, keys)!;
    expect(refusal(() => decodeCursor(ordersOfA, before, { current: next, previous: [] }))).toEqual(invalid);
    const foreign = encodeCursor(ordersOfA, keyOfA, {
      current: 'a-third-secret-of-at-least-thirty-two-chars',
      previous: [],
    })!;
    expect(refusal(() => decodeCursor(ordersOfA, foreign, rotated))).toEqual(invalid);
  });
});
