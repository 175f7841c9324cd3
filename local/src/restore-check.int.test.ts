import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Db } from '../../functions/src/db/client';
import { keys } from '../../functions/src/db/keys';
import { seedProfile, seedVariant } from '../../functions/test/commerce-fixtures';
import { freshTable } from '../../test/db';
import { customer, invoke } from '../../test/invoke';
import { restoreDrill } from './restore-copy';
import { repoRoot } from './stack';

/**
 * The restore drill against DynamoDB Local: a table with real orders, balances and stock is copied
 * into a new table, the copy compared with it, and the books checked on the copy; a broken balance
 * is found in the copy; the npm script does the same from the command line.
 */
const run = promisify(execFile);
let db: Db;
let endpoint: string;
const buyer = customer(901);

beforeAll(async () => {
  endpoint = inject('dynamodbEndpoint');
  db = await freshTable('restore');
  await seedProfile(db, buyer, 50_000);
  const { variantId } = await seedVariant(db, { price: 10_000, codes: 4 });
  for (const n of [1, 2]) {
    const order = await invoke('placeOrder', {
      as: buyer,
      headers: { 'Idempotency-Key': `restore-${n}` },
      body: { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet' },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
  }
});

describe('the restore drill', () => {
  it('copies every item into a new table, identical, with balanced books', async () => {
    const drill = await restoreDrill({ endpoint, source: db.table, target: `${db.table}-copy` });
    expect(drill.differences).toEqual([]);
    expect(drill.books.problems).toEqual([]);
    expect(drill.copied).toBe(drill.books.items);
    expect(drill.books.byType).toMatchObject({ order: 2, ledger: 3, profile: 1 });
    expect(drill.ok).toBe(true);
  });

  it('finds a balance that no longer matches its ledger in the copy', async () => {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.profile(buyer.userId),
        UpdateExpression: 'ADD balance :extra',
        ExpressionAttributeValues: { ':extra': 100 },
      }),
    );
    try {
      const drill = await restoreDrill({ endpoint, source: db.table, target: `${db.table}-broken` });
      expect(drill.ok).toBe(false);
      expect(drill.books.problems).toEqual([`balance of ${buyer.userId}: 30100, ledger sum 30000`]);
    } finally {
      await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: keys.profile(buyer.userId),
          UpdateExpression: 'ADD balance :back',
          ExpressionAttributeValues: { ':back': -100 },
        }),
      );
    }
  });

  it('runs as npm run restore:check: exit code 0 on balanced books, 1 with the reason for a table it cannot read', async () => {
    const script = join(repoRoot, 'local', 'src', 'restore-check.ts');
    const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');
    const ok = await run(tsx, [script, '--endpoint', endpoint, '--source', db.table], { cwd: repoRoot });
    expect(ok.stdout).toContain('copy: identical to the source');
    expect(ok.stdout).toContain('books: balanced');
    expect(ok.stdout).toContain('dropped the copy');

    const broken = await run(tsx, [script, '--endpoint', endpoint, '--table', 'no-such-table-here'], {
      cwd: repoRoot,
    }).catch((error: { code?: number; stderr?: string }) => error);
    expect(broken).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Could not read no-such-table-here: ResourceNotFoundException'),
    });
  }, 60_000);
});
