import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { getOrder } from '../src/db/orders/order-items';
import { placeOrder } from '../src/use-cases/orders/place-order';
import { setOrderStatus } from '../src/use-cases/orders/set-order-status';
import { freshTable } from '../../test/db';
import { customer, invoke } from '../../test/invoke';
import {
  balanceOf,
  ledgerSum,
  seedProfile,
  seedVariant,
  startGateway,
  variantCodes,
  flowDeps,
} from './commerce-fixtures';
import { expectBooksBalanced } from './audit-books';
import { holdingDb } from './fault-proxy';

/**
 * Interleavings that happen rarely and cost money when they do, made to happen: a request held
 * between its read and its write while others change the same order or use the same key.
 */
let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
let n = 0;
const deps = (d: Db) => flowDeps(db, d);
beforeAll(async () => {
  db = await freshTable('exactly-once');
  gw = await startGateway(db);
});
afterAll(async () => {
  if (db && gw) await expectBooksBalanced(db, gw.sandbox);
  await gw?.stop();
});

/** A buyer with ৳200.00 and a package of 4 codes at ৳40.00, and the order body for it. */
async function buyerOf4Codes(method: 'wallet' | 'bkash') {
  const u = customer(12_000 + n++);
  await seedProfile(db, u, 20_000);
  const { variantId } = await seedVariant(db, { price: 4_000, codes: 4 });
  return { u, variantId, body: { variant_id: variantId, player_uid: '123456789', payment_method: method } };
}

/** One code taken, and the buyer charged once (a wallet order) or not at all (unpaid bKash). */
async function expectOneSale(userId: string, variantId: string, method: 'wallet' | 'bkash') {
  const taken = (await variantCodes(db, variantId)).filter((c) => c.status !== 'available');
  expect(taken).toHaveLength(1);
  expect(await balanceOf(db, userId)).toBe(method === 'wallet' ? 16_000 : 20_000);
}

describe('exactly once, whatever comes in between', () => {
  it('a refund held while the order is refunded and set back to completed credits once', async () => {
    const u = customer(12_000 + n++);
    await seedProfile(db, u, 10_000);
    const { variantId } = await seedVariant(db, { price: 4_000, codes: 1 });
    const placed = await placeOrder(
      deps(db),
      u,
      { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet' },
      'aba',
    );
    const id = placed.order.id;
    // The first refund reads the order (completed, never refunded) and waits at its write...
    const held = holdingDb(db, 'TransactWriteItemsCommand');
    const first = setOrderStatus(deps(held.db), id, 'refunded');
    await held.reached;
    // ...while another admin refunds it and a third sets it back to completed.
    await setOrderStatus(deps(db), id, 'refunded');
    await setOrderStatus(deps(db), id, 'completed');
    held.release();
    await first;
    expect((await getOrder(db, id))?.status).toBe('refunded');
    expect(await balanceOf(db, u.userId)).toBe(10_000); // 6,000 after the order, one refund of 4,000
    expect(await ledgerSum(db, u.userId)).toBe(10_000);
  });

  it.each(['wallet', 'bkash'] as const)(
    'the same Idempotency-Key sent from two tabs at once makes one %s order',
    async (method) => {
      const { u, variantId, body } = await buyerOf4Codes(method);
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          invoke('placeOrder', { as: u, headers: { 'Idempotency-Key': `tabs-${n}` }, body }),
        ),
      );
      for (const a of answers) expect([201, 409], JSON.stringify(a.body)).toContain(a.status);
      const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.order.id as string));
      expect(ids.size).toBe(1);
      await expectOneSale(u.userId, variantId, method);
    },
  );

  it.each(['wallet', 'bkash'] as const)(
    'a %s order held at its write while the same key makes its order answers with that order',
    async (method) => {
      const { u, variantId, body } = await buyerOf4Codes(method);
      const key = `held-${n}`;
      // The second tab read that no order has the key yet, and waits at its write...
      const held = holdingDb(db, 'TransactWriteItemsCommand');
      const second = placeOrder(deps(held.db), u, body, key);
      await held.reached;
      // ...while the first tab's request with the same key makes its order.
      const first = await placeOrder(deps(db), u, body, key);
      held.release();
      expect((await second).order.id).toBe(first.order.id);
      await expectOneSale(u.userId, variantId, method);
      expect(await ledgerSum(db, u.userId)).toBe(await balanceOf(db, u.userId));
    },
  );
});
