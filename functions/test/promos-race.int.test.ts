import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { freshTable } from '../../test/db';
import { customer, invoke } from '../../test/invoke';
import { balanceOf, ledgerSum, seedProfile, seedVariant } from './commerce-fixtures';
import { expectBooksBalanced } from './audit-books';
import { createPromo, expectCountersMatchOrders, promoCounters } from './promos-fixtures';

let db: Db;
beforeAll(async () => {
  db = await freshTable('promorace');
});
afterAll(async () => {
  if (db) await expectBooksBalanced(db);
});

const PRICE = 10_000;
const FULLY_USED = 'This promo code has been fully used';
const body = (variantId: string) => ({
  variant_id: variantId,
  player_uid: '123456789',
  payment_method: 'wallet',
  promo_code: 'LAST-ONE',
});

// Forty at once already meet the last use together (DynamoDB Local answers a few at a time); a
// hundred proved nothing more and took three times as long.
describe('40 funded buyers racing for the last use of a code', () => {
  it('exactly one discounted order; every other buyer is refused and keeps their money', async () => {
    const N = 40;
    const { variantId } = await seedVariant(db, { price: PRICE, codes: 60, shards: 8 });
    await createPromo({ code: 'LAST-ONE', discount_type: 'percent', discount_value: 50, max_uses: 5 });
    // Four uses already taken: one is left.
    const early = Array.from({ length: 4 }, (_, i) => customer(500 + i));
    for (const [i, u] of early.entries()) {
      await seedProfile(db, u, PRICE);
      const r = await invoke('placeOrder', {
        as: u,
        headers: { 'Idempotency-Key': `early-${i}` },
        body: body(variantId),
      });
      expect(r.status).toBe(201);
    }
    const users = Array.from({ length: N }, (_, i) => customer(1000 + i));
    for (let i = 0; i < N; i += 20)
      await Promise.all(users.slice(i, i + 20).map((u) => seedProfile(db, u, PRICE)));

    const results = await Promise.all(
      users.map((u, i) =>
        invoke('placeOrder', { as: u, headers: { 'Idempotency-Key': `race-${i}` }, body: body(variantId) }),
      ),
    );
    const won = results.filter((r) => r.status === 201);
    const fullyUsed = results.filter((r) => r.status === 422 && r.body.error.message === FULLY_USED);
    const other = results.filter((r) => r.status !== 201 && !fullyUsed.includes(r));
    console.info(`promo race: ${won.length} won, ${fullyUsed.length} fully used, ${other.length} other`);
    expect(won).toHaveLength(1);
    expect(won[0]!.body.order).toMatchObject({
      total_amount: 5_000,
      discount_amount: 5_000,
      status: 'completed',
    });
    // Anyone not told 'fully used' got no order at all (a busy answer), never a 5xx.
    expect(other.every((r) => r.status === 409)).toBe(true);
    expect(await promoCounters(db, 'LAST-ONE')).toMatchObject({ uses: 5, discount: 25_000 });
    await expectCountersMatchOrders(db, 'LAST-ONE');

    let moved = 0;
    for (const u of users) {
      const balance = await balanceOf(db, u.userId);
      expect(await ledgerSum(db, u.userId)).toBe(balance);
      moved += PRICE - balance;
    }
    expect(moved).toBe(5_000);
  });
});

describe('one buyer racing their own once-per-customer code', () => {
  it('10 parallel orders with different keys: one discounted order, the rest told they used it', async () => {
    const { variantId } = await seedVariant(db, { price: PRICE, codes: 15, shards: 2 });
    await createPromo({
      code: 'ONCE-EACH',
      discount_type: 'fixed',
      discount_value: 1_000,
      max_uses_per_customer: 1,
    });
    const u = customer(3000);
    await seedProfile(db, u, 10 * PRICE);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        invoke('placeOrder', {
          as: u,
          headers: { 'Idempotency-Key': `mine-${i}` },
          body: { ...body(variantId), promo_code: 'ONCE-EACH' },
        }),
      ),
    );
    const won = results.filter((r) => r.status === 201);
    const refused = results.filter(
      (r) => r.status === 422 && r.body.error.message === 'You have already used this promo code',
    );
    console.info(
      `own race: ${won.length} won, ${refused.length} refused`,
      results.map((r) => r.status),
    );
    expect(won).toHaveLength(1);
    expect(results.every((r) => won.includes(r) || refused.includes(r) || r.status === 409)).toBe(true);
    expect(await balanceOf(db, u.userId)).toBe(10 * PRICE - 9_000);
    expect(await promoCounters(db, 'ONCE-EACH')).toMatchObject({ uses: 1, perCustomer: { [u.userId]: 1 } });
    await expectCountersMatchOrders(db, 'ONCE-EACH');
  });
});
