import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { startContentionProxy, type ContentionProxy } from '../../local/src/dynamodb-contention';
import { freshTable } from '../../test/db';
import { createDb, type Db } from '../src/db/client';
import { claimCode } from '../src/db/stock/claim-code';
import { seedVariant, variantCodes } from './commerce-fixtures';
import { insertCode } from '../src/db/stock/insert-codes';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';

/**
 * What AWS answers a claim that meets another transaction: a shard item is written by an import's
 * (or a restock's) transaction while it is in flight, so a buyer's ticket on that shard is refused
 * with TransactionConflictException, which the SDK does not retry. The shop's client tries again
 * (conflict-retry.ts); a claim path without that answers 500 on AWS, and here, behind the
 * contention proxy holding the import's transaction in flight, it fails instead.
 */
let db: Db;
let proxy: ContentionProxy;
let release: () => void = () => undefined;
let reached: () => void = () => undefined;
let armed = false;

beforeAll(async () => {
  db = await freshTable('claim-conflicts');
  proxy = await startContentionProxy({
    upstream: inject('dynamodbEndpoint'),
    emulate: true,
    // The first transaction after arming stays in flight until release().
    delay: (operation) => {
      if (!armed || operation !== 'TransactWriteItems') return undefined;
      armed = false;
      reached();
      return new Promise<void>((r) => (release = r));
    },
  });
});
afterAll(async () => {
  release();
  await proxy?.stop();
});

const claim = (through: Db, v: { productId: string; variantId: string }, buyer: string) =>
  claimCode(through, {
    ...v,
    shards: 1,
    mode: 'deliver',
    orderId: `order-${buyer}`,
    userId: `user-${buyer}`,
    now: new Date().toISOString(),
  });

/** The shop's table through the proxy without the client's conflict retry: a path that ignores conflicts. */
function withoutRetry(): Db {
  const client = new DynamoDBClient({
    region: 'ap-southeast-1',
    endpoint: proxy.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return { doc: DynamoDBDocumentClient.from(client), table: db.table };
}

/** A claim sent while an import's transaction on the same shard is held in flight by the proxy. */
async function claimDuringImport(through: Db, buyer: string) {
  const v = await seedVariant(db, { price: 1_000, codes: 2, shards: 1 });
  const viaProxy = createDb({ table: db.table, endpoint: proxy.endpoint });
  const inFlight = new Promise<void>((r) => (reached = r));
  armed = true;
  const importing = insertCode(viaProxy, {
    ...v,
    shard: 0,
    id: ulid(),
    code: `LATE-${v.variantId}`,
    now: new Date().toISOString(),
  });
  await inFlight;
  const before = proxy.report(db.table).conflicts.writes;
  const claimed = claim(through, v, buyer).catch((e: unknown) => e);
  await vi.waitFor(() => expect(proxy.report(db.table).conflicts.writes).toBeGreaterThan(before), {
    timeout: 20_000,
  });
  release();
  return { claimed: await claimed, imported: await importing, v };
}

describe('a claim that meets a transaction on its shard', () => {
  it("takes its ticket once the import's transaction is done, never a conflict error", async () => {
    const { claimed, imported, v } = await claimDuringImport(
      createDb({ table: db.table, endpoint: proxy.endpoint }),
      'a',
    );
    expect(imported).toBe('added');
    expect(claimed, String(claimed)).toHaveProperty('id');
    expect((await variantCodes(db, v.variantId)).filter((c) => c.status === 'delivered')).toHaveLength(1);
  });

  it('a claim path that ignores TransactionConflict fails here, as it would answer 500 on AWS', async () => {
    const { claimed } = await claimDuringImport(withoutRetry(), 'b');
    expect((claimed as Error).name).toBe('TransactionConflictException');
  });
});
