import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { freshTable } from '../../test/db';
import { customer, invoke } from '../../test/invoke';
import {
  balanceOf,
  ledgerSum,
  seedProfile,
  seedVariant,
  variantCodes,
  variantStock,
} from './commerce-fixtures';

let db: Db;
beforeAll(async () => {
  db = await freshTable('race');
});

// Twenty buyers for each code: what two hundred would show, at half the load on DynamoDB Local.
describe('100 funded buyers racing for the last 5 codes by wallet', () => {
  it('exactly 5 orders complete, 95 are told Out of stock, losers keep their money', async () => {
    const PRICE = 5000;
    const N = 100;
    const { productId, variantId } = await seedVariant(db, { price: PRICE, codes: 5 });
    const users = Array.from({ length: N }, (_, i) => customer(1000 + i));
    for (let i = 0; i < N; i += 20)
      await Promise.all(users.slice(i, i + 20).map((u) => seedProfile(db, u, 20000)));

    const results = await Promise.all(
      users.map((u, i) =>
        invoke('placeOrder', {
          as: u,
          headers: { 'Idempotency-Key': `race-${i}` },
          body: { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet' },
        }),
      ),
    );
    const won = results.filter((r) => r.status === 201);
    const lost = results.filter((r) => r.status === 409 && r.body.error.message === 'Out of stock');
    const other = results.filter(
      (r) => r.status !== 201 && !(r.status === 409 && r.body.error.message === 'Out of stock'),
    );
    console.info(
      `race: ${won.length} completed, ${lost.length} out of stock, ${other.length} other`,
      other.slice(0, 3).map((r) => r.body),
    );
    expect(won).toHaveLength(5);
    expect(lost).toHaveLength(95);
    expect(won.every((r) => r.body.order.status === 'completed')).toBe(true);

    const codes = await variantCodes(db, variantId);
    expect(codes.filter((c) => c.status === 'delivered')).toHaveLength(5);
    expect(new Set(codes.map((c) => c.order_id).filter(Boolean)).size).toBe(5);
    expect(await variantStock(db, productId, variantId)).toBe(0);

    const winners = new Set(won.map((r) => r.body.order.id));
    let moved = 0;
    for (const u of users) {
      const balance = await balanceOf(db, u.userId);
      expect(await ledgerSum(db, u.userId)).toBe(balance);
      moved += 20000 - balance;
    }
    expect(moved).toBe(5 * PRICE);
    expect(winners.size).toBe(5);
  });
});
