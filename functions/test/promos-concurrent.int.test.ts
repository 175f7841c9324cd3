import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { balanceOf, flowDeps, ledgerSum, seedProfile, seedVariant, startGateway } from './commerce-fixtures';
import { expectBooksBalanced } from './audit-books';
import { createPromo, expectCountersMatchOrders, promoCounters } from './promos-fixtures';
import { holdingDb } from './fault-proxy';
import { placeOrder } from '../src/use-cases/orders/place-order';

/**
 * The promo model's concurrent half: fast-check draws batches of orders (wallet and gateway, with
 * a promo code or without), cancels and refunds; each batch runs at once, the way buyers arrive.
 * Whatever the interleaving, after every batch no code is used more often than its total or its
 * per-customer limit, each code's counters are those of its orders, and every balance is its
 * ledger. On a failure fast-check shrinks the batches to the smallest that still breaks.
 */
let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  db = await freshTable('promo-concurrent');
  gw = await startGateway(db);
});
afterAll(async () => {
  if (db && gw) await expectBooksBalanced(db, gw.sandbox);
  await gw?.stop();
});

type Cmd =
  | { t: 'order'; method: 'wallet' | 'bkash'; u: number; p: number }
  | { t: 'cancel'; pick: number }
  | { t: 'refund'; pick: number };

const USERS = 3;
/** Small limits, so a batch of buyers meets them. */
const LIMITS = [
  { max: 2, perCustomer: 1 },
  { max: 3, perCustomer: 2 },
  { max: null, perCustomer: 1 },
] as const;

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('order' as const),
      method: fc.constantFrom('wallet' as const, 'bkash' as const),
      u: fc.nat(USERS - 1),
      p: fc.nat(LIMITS.length),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('cancel' as const), pick: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('refund' as const), pick: fc.nat(40) }) },
);

let run = 0;

describe('one buyer, two tabs', () => {
  it('a code for one use per customer is used once, whichever ways the orders pay', async () => {
    for (let round = 0; round < 4; round++) {
      const u = customer(8_900 + round);
      await seedProfile(db, u, 30_000);
      const { variantId } = await seedVariant(db, { price: 5_000, codes: 6 });
      const code = `ONCE${round}`;
      await createPromo({
        code,
        discount_type: 'fixed',
        discount_value: 500,
        min_order: 0,
        max_uses: null,
        max_uses_per_customer: 1,
        scope: { type: 'all' },
      });
      // A wallet order and a gateway order share no item of the buyer's (balance, unpaid slot):
      // only the code's per-customer count stands between them.
      const results = await Promise.all(
        (['wallet', 'bkash', 'wallet', 'bkash'] as const).map((method, k) =>
          invoke('placeOrder', {
            as: u,
            headers: { 'Idempotency-Key': `once-${round}-${k}` },
            body: {
              variant_id: variantId,
              player_uid: '123456789',
              payment_method: method,
              promo_code: code,
            },
          }),
        ),
      );
      for (const r of results) expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect((await promoCounters(db, code)).perCustomer[u.userId]).toBe(1);
      await expectCountersMatchOrders(db, code);
    }
  });
});

describe('a code edited while an order using it is on the way', () => {
  it('the order is not placed with the terms the admin just changed', async () => {
    const u = customer(8_950);
    await seedProfile(db, u, 30_000);
    const { variantId } = await seedVariant(db, { price: 5_000, codes: 2 });
    const terms = {
      discount_type: 'fixed',
      discount_value: 500,
      min_order: 0,
      max_uses: null,
      max_uses_per_customer: null,
      scope: { type: 'all' },
    };
    await createPromo({ code: 'EDITED', ...terms });
    // The order read the code (৳5 off) and is held at its transaction...
    const held = holdingDb(db, 'TransactWriteItemsCommand');
    const order = placeOrder(
      flowDeps(db, held.db),
      u,
      { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet', promo_code: 'EDITED' },
      'edited-1',
    ).catch((error: unknown) => error);
    await held.reached;
    // ...while the admin changes it to ৳20 off.
    const edit = await invoke('adminUpdatePromo', {
      as: admin,
      params: { code: 'EDITED' },
      body: { ...terms, discount_value: 2_000, is_active: true },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    held.release();
    const placed = await order;
    // Placed at the new terms (read again) or refused: never at the old ones.
    if (!(placed instanceof Error))
      expect((placed as { order: { total_amount: number } }).order.total_amount).toBe(3_000);
    const counters = await promoCounters(db, 'EDITED');
    expect(counters.discount).toBe(placed instanceof Error ? 0 : 2_000);
    await expectCountersMatchOrders(db, 'EDITED');
  });
});

describe('promo codes under concurrent buyers', () => {
  it(
    'never over their limits, counters equal their orders, balances equal ledgers',
    { timeout: 240_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(cmd, { minLength: 2, maxLength: 8 }), { minLength: 1, maxLength: 3 }),
          async (batches) => {
            run++;
            const users = Array.from({ length: USERS }, (_, i) => customer(8_000 + run * 10 + i));
            for (const u of users) await seedProfile(db, u, 30_000);
            const { variantId } = await seedVariant(db, { price: 5_000, codes: 30, shards: 2 });
            const codes = LIMITS.map((_, i) => `CC${run}X${i}`);
            for (const [i, limit] of LIMITS.entries())
              await createPromo({
                code: codes[i],
                discount_type: 'percent',
                discount_value: 10,
                min_order: 0,
                max_uses: limit.max,
                max_uses_per_customer: limit.perCustomer,
                scope: { type: 'all' },
              });
            const orders: Array<{ id: string; user: (typeof users)[number] }> = [];

            const step = async (c: Cmd) => {
              if (c.t === 'order') {
                const res = await invoke('placeOrder', {
                  as: users[c.u]!,
                  headers: { 'Idempotency-Key': `pc-${run}-${Math.random().toString(36).slice(2)}` },
                  body: {
                    variant_id: variantId,
                    player_uid: '123456789',
                    payment_method: c.method,
                    promo_code: codes[c.p],
                  },
                });
                expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
                if (res.status === 201) orders.push({ id: res.body.order.id, user: users[c.u]! });
              } else if (orders.length) {
                const o = orders[c.pick % orders.length]!;
                const res =
                  c.t === 'cancel'
                    ? await invoke('cancelOrder', { as: o.user, params: { id: o.id } })
                    : await invoke('adminSetOrderStatus', {
                        as: admin,
                        params: { id: o.id },
                        body: { status: 'refunded' },
                      });
                expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
              }
            };

            for (const batch of batches) {
              await Promise.all(batch.map(step));
              for (const [i, limit] of LIMITS.entries()) {
                const stored = await promoCounters(db, codes[i]!);
                if (limit.max !== null)
                  expect(stored.uses, `uses of ${codes[i]}`).toBeLessThanOrEqual(limit.max);
                for (const n of Object.values(stored.perCustomer))
                  expect(n).toBeLessThanOrEqual(limit.perCustomer);
                await expectCountersMatchOrders(db, codes[i]!);
              }
              for (const u of users) {
                const balance = await balanceOf(db, u.userId);
                expect(balance).toBeGreaterThanOrEqual(0);
                expect(await ledgerSum(db, u.userId)).toBe(balance);
              }
            }
          },
        ),
        { numRuns: 6 },
      );
    },
  );
});
