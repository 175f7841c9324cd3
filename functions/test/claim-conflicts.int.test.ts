import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { startContentionProxy, type ContentionProxy } from '../../local/src/dynamodb-contention';
import { freshTable } from '../../test/db';
import { createDb, type Db } from '../src/db/client';
import { claimCode } from '../src/db/stock/claim-code';
import { seedVariant, variantCodes } from './commerce-fixtures';

/**
 * What AWS answers a claim that meets another claim's transaction: the code (and the shard counter)
 * are items of that transaction while it is in flight, so a lock or a hint refill on them is
 * refused with TransactionConflictException, which the SDK does not retry. A claim path that lets
 * it through answers 500 on AWS; here, behind the contention proxy holding one buyer's transaction
 * in flight, it fails this test instead.
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

/** A buyer's claim that read the shard with `codes` on its hint and picks the first of them. */
const claim = (through: Db, v: { productId: string; variantId: string }, buyer: string, codes: string[]) =>
  claimCode(through, {
    ...v,
    mode: 'deliver',
    orderId: `order-${buyer}`,
    userId: `user-${buyer}`,
    now: new Date().toISOString(),
    shards: [{ stock: codes.length, free: codes }],
    random: () => 0,
  });

describe('a claim that meets another claim in flight', () => {
  it("takes another code when the one it locks is in the other claim's transaction, never a conflict error", async () => {
    const v = await seedVariant(db, { price: 1_000, codes: 3, shards: 1 });
    const codes = (await variantCodes(db, v.variantId)).map((c) => c.id).sort();
    const viaProxy = createDb({ table: db.table, endpoint: proxy.endpoint });
    const inFlight = new Promise<void>((r) => (reached = r));
    armed = true;
    const first = claim(viaProxy, v, 'a', codes);
    await inFlight;
    // The second buyer read the same hint and locks the same code while the first buyer's
    // transaction holds it: AWS refuses the lock (the client's own tries too).
    const second = claim(viaProxy, v, 'b', codes).catch((e: unknown) => e);
    await vi.waitFor(() => expect(proxy.report(db.table).conflicts.writes).toBeGreaterThanOrEqual(4), {
      timeout: 20_000,
    });
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toEqual({ id: codes[0] });
    expect(b, String(b)).toHaveProperty('id');
    expect((b as { id: string }).id).not.toBe(codes[0]);
  });
});
