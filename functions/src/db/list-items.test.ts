import type { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import type { ShardedList } from './keys';
import { mergeShards, type ShardScan } from './list-items';

/**
 * mergeShards against an in-memory index whose Query pages may stop early (as DynamoDB's do at
 * 1 MB): walking a list page by page must give every entry once, in order, whatever the page size,
 * the spread over partitions, the ties in time, or where pages were cut.
 */

const list: ShardedList = { index: 'gsi3', pks: ['L#00', 'L#01', 'L#02', 'L#03'] };

function fakeIndex(entries: Array<{ pk: string; sk: string }>, cutAfter: (pk: string) => number): Db {
  const send = (command: QueryCommand) => {
    const input = command.input;
    const values = input.ExpressionAttributeValues as Record<string, string>;
    const condition = String(input.KeyConditionExpression);
    const keep = (sk: string) =>
      condition.includes('BETWEEN')
        ? sk >= values[':after']! && sk <= values[':below']!
        : condition.includes('< :after')
          ? sk < values[':after']!
          : condition.includes('> :after')
            ? sk > values[':after']!
            : condition.includes('< :below')
              ? sk < values[':below']!
              : true;
    const forward = input.ScanIndexForward !== false;
    const from = input.ExclusiveStartKey?.gsi3sk as string | undefined;
    const all = entries
      .filter((e) => e.pk === values[':pk'] && keep(e.sk))
      .filter((e) => from === undefined || (forward ? e.sk > from : e.sk < from))
      .sort((a, b) => (a.sk < b.sk ? -1 : 1) * (forward ? 1 : -1));
    const size = Math.min(input.Limit!, cutAfter(values[':pk']!));
    const items = all.slice(0, size).map((e) => ({ gsi3pk: e.pk, gsi3sk: e.sk }));
    const last = items.at(-1);
    return Promise.resolve({ Items: items, ...(all.length > size && last && { LastEvaluatedKey: last }) });
  };
  return { doc: { send } as unknown as DynamoDBDocumentClient, table: 't' };
}

async function walk(db: Db, scan: Omit<ShardScan, 'after'>): Promise<string[]> {
  const read: string[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 10_000; pages++) {
    const { entries, more } = await mergeShards(db, list, { ...scan, after });
    expect(entries.length).toBeLessThanOrEqual(scan.limit);
    read.push(...entries.map((e) => String(e.gsi3sk)));
    if (!more) return read;
    after = read.at(-1);
    expect(after, 'a page that may have more answers something').toBeDefined();
  }
  throw new Error('the walk did not end');
}

const entriesArb = fc.uniqueArray(
  fc.record({
    shard: fc.integer({ min: 0, max: 3 }),
    second: fc.integer({ min: 0, max: 5 }),
    id: fc.nat(999),
  }),
  { selector: (e) => e.id, maxLength: 60 },
);

describe('mergeShards', () => {
  it('walks every entry once, in order, newest first and oldest first (with a bound)', async () => {
    await fc.assert(
      fc.asyncProperty(
        entriesArb,
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 4, maxLength: 4 }),
        async (raw, limit, cuts) => {
          const entries = raw.map((e) => ({
            pk: list.pks[e.shard]!,
            sk: `2026-01-01T00:00:0${e.second}.000Z#${String(e.id).padStart(3, '0')}`,
          }));
          const db = fakeIndex(entries, (pk) => cuts[list.pks.indexOf(pk)]!);
          const sorted = entries.map((e) => e.sk).sort();
          expect(await walk(db, { limit })).toEqual([...sorted].reverse());
          const below = '2026-01-01T00:00:04.000Z';
          expect(await walk(db, { limit, forward: true, below })).toEqual(sorted.filter((sk) => sk < below));
          expect(await walk(db, { limit, forward: true })).toEqual(sorted);
        },
      ),
      { numRuns: 200 },
    );
  });
});
