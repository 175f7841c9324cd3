import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import type { OrderItem } from '../src/db/orders/order-items';
import { listQuery, shardedLists } from '../src/db/keys';
import { listedItems, partitionsOf } from '../src/db/list-items';
import { queryAll } from '../src/db/query-all';
import { gatewayFromConfig } from '../src/clients/uddoktapay';
import { sweep } from '../src/handlers/jobs/sweep-reservations';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import {
  API_KEY,
  balanceOf,
  invoiceOf,
  ledgerSum,
  seedProfile,
  seedVariant,
  startGateway,
  variantCodes,
  shardCounters,
} from './commerce-fixtures';
import { expectBooksBalanced } from './audit-books';

/**
 * Model test: random sequences of top-ups, purchases (wallet and gateway with every outcome),
 * refunds, sweeps, late payments, manual approvals and admin adjustments. After every step:
 * every balance >= 0 and equal to the sum of that user's ledger, every code in exactly one place
 * (no code delivered twice, none lost), and every stock counter equal to its available codes.
 */
let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  db = await freshTable('model');
  gw = await startGateway(db);
});
afterAll(async () => {
  if (db && gw) await expectBooksBalanced(db, gw.sandbox); // the shop-wide check after the file
  await gw?.stop();
});

type Outcome = 'pay' | 'cancel' | 'pending' | 'abandon' | 'underpay';
type Cmd =
  | { t: 'topup'; u: number; amount: number; outcome: Outcome }
  | { t: 'wallet'; u: number; v: number }
  | { t: 'gateway'; u: number; v: number; outcome: Outcome; webhook: 'once' | 'twice' | 'never' }
  | { t: 'refund'; pick: number }
  | { t: 'sweep' }
  | { t: 'late'; pick: number }
  | { t: 'manual'; u: number; amount: number; approve: boolean }
  | { t: 'adjust'; u: number; credit: boolean; amount: number };

const USERS = 3;
const outcome = fc.constantFrom<Outcome>('pay', 'pay', 'cancel', 'pending', 'abandon', 'underpay');
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({
    t: fc.constant('topup' as const),
    u: fc.nat(USERS - 1),
    amount: fc.integer({ min: 1000, max: 20000 }),
    outcome,
  }),
  fc.record({ t: fc.constant('wallet' as const), u: fc.nat(USERS - 1), v: fc.nat(1) }),
  fc.record({
    t: fc.constant('gateway' as const),
    u: fc.nat(USERS - 1),
    v: fc.nat(1),
    outcome,
    webhook: fc.constantFrom('once' as const, 'twice' as const, 'never' as const),
  }),
  fc.record({ t: fc.constant('refund' as const), pick: fc.nat(20) }),
  fc.record({ t: fc.constant('sweep' as const) }),
  fc.record({ t: fc.constant('late' as const), pick: fc.nat(20) }),
  fc.record({
    t: fc.constant('manual' as const),
    u: fc.nat(USERS - 1),
    amount: fc.integer({ min: 1000, max: 9000 }),
    approve: fc.boolean(),
  }),
  fc.record({
    t: fc.constant('adjust' as const),
    u: fc.nat(USERS - 1),
    credit: fc.boolean(),
    amount: fc.integer({ min: 1, max: 15000 }),
  }),
);

let run = 0;

describe('wallet and stock model', () => {
  it('keeps every invariant after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 4, maxLength: 12 }), async (cmds) => {
        run++;
        const users = Array.from({ length: USERS }, (_, i) => customer(9000 + run * 10 + i));
        for (const u of users) await seedProfile(db, u, 5000);
        const variants = [
          await seedVariant(db, { price: 3000, codes: 3 }),
          await seedVariant(db, { price: 5000, codes: 2 }),
        ];
        const orders: Array<{ id: string }> = [];
        const abandoned: string[] = [];
        let trx = 0;
        const ok = (status: number) => expect(status).toBeLessThan(500);

        for (const c of cmds) {
          switch (c.t) {
            case 'topup': {
              const r = await invoke('createTopup', {
                as: users[c.u]!,
                body: { amount: c.amount, payment_method: 'bkash' },
              });
              ok(r.status);
              if (r.status === 201)
                await finish(invoiceOf(r.body.payment_url), c.outcome, users[c.u]!, 'once', abandoned);
              break;
            }
            case 'wallet': {
              const r = await invoke('placeOrder', {
                as: users[c.u]!,
                headers: { 'Idempotency-Key': `m-${Math.random()}` },
                body: {
                  variant_id: variants[c.v]!.variantId,
                  player_uid: '123456789',
                  payment_method: 'wallet',
                },
              });
              ok(r.status);
              if (r.status === 201) orders.push(r.body.order);
              break;
            }
            case 'gateway': {
              const r = await invoke('placeOrder', {
                as: users[c.u]!,
                headers: { 'Idempotency-Key': `m-${Math.random()}` },
                body: {
                  variant_id: variants[c.v]!.variantId,
                  player_uid: '123456789',
                  payment_method: 'bkash',
                },
              });
              ok(r.status);
              if (r.status === 201) {
                orders.push(r.body.order);
                await finish(invoiceOf(r.body.payment_url), c.outcome, users[c.u]!, c.webhook, abandoned);
              }
              break;
            }
            case 'refund': {
              const o = orders[c.pick % Math.max(1, orders.length)];
              if (o)
                ok(
                  (
                    await invoke('adminSetOrderStatus', {
                      as: admin,
                      params: { id: o.id },
                      body: { status: 'refunded' },
                    })
                  ).status,
                );
              break;
            }
            case 'sweep':
              await sweep({
                db,
                now: () => new Date(Date.now() + 31 * 60_000),
                gateway: () => gatewayFromConfig(db),
              });
              break;
            case 'late': {
              const invoice = abandoned.splice(c.pick % Math.max(1, abandoned.length), 1)[0];
              if (invoice) {
                await gw.sandbox.control.act(invoice, 'pay', { webhook: 'twice' });
                await gw.sandbox.control.webhooksSettled();
              }
              break;
            }
            case 'manual': {
              const r = await invoke('createManualTopup', {
                as: users[c.u]!,
                body: {
                  amount: c.amount,
                  payment_method: 'nagad',
                  sender_number: '01700000000',
                  transaction_id: `M${run}X${trx++}`,
                },
              });
              expect(r.status).toBe(201);
              const route = c.approve ? 'adminApproveManualTopup' : 'adminRejectManualTopup';
              expect(
                (await invoke(route, { as: admin, params: { id: r.body.payment.id }, body: {} })).status,
              ).toBe(200);
              break;
            }
            case 'adjust': {
              const r = await invoke('adminWalletAdjustment', {
                as: admin,
                body: { user_id: users[c.u]!.userId, type: c.credit ? 'credit' : 'debit', amount: c.amount },
              });
              expect([201, 422]).toContain(r.status);
              break;
            }
          }
          await gw.sandbox.control.webhooksSettled();
          await checkInvariants(users, variants);
        }
      }),
      { numRuns: 4 },
    );
  });
});

/** Drive the sandbox like the payer, then the return page (as the browser would). */
async function finish(
  invoice: string,
  outcome: Outcome,
  user: { userId: string; email: string },
  webhook: 'once' | 'twice' | 'never',
  abandoned: string[],
) {
  if (outcome === 'abandon') {
    abandoned.push(invoice);
    return;
  }
  const action = outcome === 'cancel' ? 'cancel' : outcome === 'pending' ? 'pending' : 'pay';
  await gw.sandbox.control.act(invoice, action, {
    webhook,
    ...(outcome === 'underpay' && { paidAmount: '1.00' }),
  });
  const r = await invoke('confirmPayment', { as: user, body: { invoice_id: invoice } });
  expect(r.status).toBe(200);
  // One more webhook by hand, as a replay.
  await invoke('paymentWebhook', {
    body: { invoice_id: invoice },
    headers: { 'RT-UDDOKTAPAY-API-KEY': API_KEY },
  });
}

async function checkInvariants(
  users: Array<{ userId: string }>,
  variants: Array<{ productId: string; variantId: string }>,
) {
  for (const u of users) {
    const balance = await balanceOf(db, u.userId);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(db, u.userId)).toBe(balance);
  }
  for (const v of variants) {
    const codes = await variantCodes(db, v.variantId);
    const counters = await shardCounters(db, v.productId, v.variantId);
    expect(counters).toEqual(
      counters.map(
        (_, n) => codes.filter((c) => c.status === 'available' && (c.stock_shard ?? 0) === n).length,
      ),
    );
    const delivered = codes.filter((c) => c.status === 'delivered');
    expect(new Set(delivered.map((c) => c.order_id)).size).toBe(delivered.length);
  }
  // Every completed order holds exactly the one code delivered to it. The index lists the orders'
  // keys only; the orders themselves are fetched by key.
  const completed = shardedLists.ordersByStatus('completed');
  const entries = await Promise.all(partitionsOf(completed).map((list) => queryAll(db, listQuery(list))));
  for (const o of await listedItems<OrderItem>(db, completed.index, entries.flat())) {
    if (!variants.some((v) => v.variantId === o.product_variant_id)) continue;
    const codes = await variantCodes(db, o.product_variant_id);
    expect(codes.filter((c) => c.order_id === o.id && c.status === 'delivered').map((c) => c.id)).toEqual([
      o.code_id,
    ]);
  }
}
