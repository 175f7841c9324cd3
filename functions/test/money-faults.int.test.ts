import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { getOrder } from '../src/db/orders/order-items';
import { getPayment } from '../src/db/payments/payment-items';
import { placeOrder } from '../src/use-cases/orders/place-order';
import { setOrderStatus } from '../src/use-cases/orders/set-order-status';
import { placeResellerOrder } from '../src/use-cases/resellers/place-reseller-order';
import { adjustWallet } from '../src/use-cases/wallet/adjustments';
import { approveManualTopup, createManualTopup, rejectManualTopup } from '../src/use-cases/wallet/topups';
import { ERROR_STATUS } from '@khelaghor/contract/errors';
import { Refusal } from '../src/domain/refusals';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import {
  balanceOf,
  ledgerSum,
  seedProfile,
  seedVariant,
  startGateway,
  variantCodes,
  flowDeps,
  ledgerEntries,
} from './commerce-fixtures';
import { expectBooksBalanced } from './audit-books';
import { everyCall, type Fault } from './fault-proxy';

/**
 * The money flows an admin or a reseller drives (refunds, wallet adjustments, TrxID decisions,
 * reseller orders), each with a DynamoDB failure injected at every call in turn: before the
 * call, after it committed (the answer lost), and as AWS's transaction conflict. After the
 * caller's retry (an admin clicks again, a reseller resends with the same Idempotency-Key) the
 * money moved exactly once and the books balance. Then the races: approve against reject, and a
 * reseller's parallel orders on one wallet.
 */
let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
let n = 0;
const deps = (d: Db) => flowDeps(db, d);
const nextUser = () => customer(11_000 + n++);

beforeAll(async () => {
  db = await freshTable('money-faults');
  gw = await startGateway(db);
});
afterAll(async () => {
  if (db && gw) await expectBooksBalanced(db, gw.sandbox);
  await gw?.stop();
});

const ledgerOf = (userId: string) => ledgerEntries(db, userId);

async function expectWallet(userId: string, balance: number) {
  expect(await balanceOf(db, userId)).toBe(balance);
  expect(await ledgerSum(db, userId)).toBe(balance);
}

/** A refusal the caller is shown (a 4xx), never an error that would answer 5xx. */
function expectRefusal(error: unknown) {
  expect(error, String(error)).toBeInstanceOf(Refusal);
  expect(ERROR_STATUS[(error as Refusal).code]).toBeLessThan(500);
}

/** A retry the way a person makes it: a refusal because the first try won is fine, a 5xx is not. */
async function retry(action: () => Promise<unknown>) {
  await action().catch(expectRefusal);
}

describe.each<Fault>(['before', 'after', 'conflict'])('a DynamoDB failure %s each call', (fault) => {
  it('refund: the order is refunded and its total credited once', async () => {
    let u = nextUser();
    let orderId = '';
    const calls = await everyCall(
      db,
      fault,
      async (faulty) => {
        u = nextUser();
        await seedProfile(db, u, 10_000);
        const { variantId } = await seedVariant(db, { price: 4_000, codes: 1 });
        const placed = await placeOrder(
          deps(db),
          u,
          { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet' },
          `refund-${n}`,
        );
        orderId = placed.order.id;
        await setOrderStatus(deps(faulty), orderId, 'refunded');
      },
      async ({ failed }) => {
        if (failed) await retry(() => setOrderStatus(deps(db), orderId, 'refunded'));
        expect((await getOrder(db, orderId))?.status).toBe('refunded');
        await expectWallet(u.userId, 10_000);
        expect((await ledgerOf(u.userId)).filter((e) => e.reason === 'refund')).toHaveLength(1);
      },
    );
    expect(calls).toBeGreaterThan(2);
  });

  it('wallet adjustment: the same request retried credits once', async () => {
    let u = nextUser();
    let key = '';
    const adjust = (d: Db) =>
      adjustWallet(deps(d), {
        userId: u.userId,
        delta: 2_500,
        kind: 'adjustment',
        paymentMethod: 'bkash',
        provider: 'admin',
        adminId: admin.userId,
        requestKey: key,
      });
    await everyCall(
      db,
      fault,
      async (faulty) => {
        u = nextUser();
        key = `adj-${n}`;
        await seedProfile(db, u, 1_000);
        await adjust(faulty);
      },
      async ({ failed }) => {
        if (failed) await retry(() => adjust(db));
        await expectWallet(u.userId, 3_500);
        expect((await ledgerOf(u.userId)).filter((e) => e.reason === 'adjustment')).toHaveLength(2); // seed + one
      },
    );
  });

  it('TrxID approval: credited once; a rejection credits nothing', async () => {
    for (const decision of ['approve', 'reject'] as const) {
      let u = nextUser();
      let paymentId = '';
      const decide = (d: Db) =>
        decision === 'approve'
          ? approveManualTopup(deps(d), paymentId)
          : rejectManualTopup(deps(d), paymentId);
      await everyCall(
        db,
        fault,
        async (faulty) => {
          u = nextUser();
          await seedProfile(db, u, 0);
          const request = await createManualTopup(
            deps(db),
            { ...u, sourceIp: `10.1.0.${n}` },
            {
              amount: 5_000,
              payment_method: 'nagad',
              sender_number: '01700000000',
              transaction_id: `FAULT${fault}${decision}${n}`,
            },
          );
          paymentId = request.id;
          await decide(faulty);
        },
        async ({ failed }) => {
          if (failed) await retry(() => decide(db));
          const payment = await getPayment(db, paymentId);
          expect(payment?.status).toBe(decision === 'approve' ? 'completed' : 'rejected');
          await expectWallet(u.userId, decision === 'approve' ? 5_000 : 0);
        },
      );
    }
  });

  it('reseller order: resent with the same Idempotency-Key, one order, one code, one debit', async () => {
    let u = nextUser();
    let variantId = '';
    let productId = '';
    const body = () => ({ variant_id: variantId, player_uid: '12345678' });
    const order = (d: Db) =>
      placeResellerOrder(deps(d), { ...u, keyId: 'rk_test' }, body(), `ro-${variantId}`);
    await everyCall(
      db,
      fault,
      async (faulty) => {
        u = nextUser();
        await seedProfile(db, u, 20_000);
        ({ productId, variantId } = await seedVariant(db, { price: 10_000, codes: 2 }));
        const res = await invoke('adminPutReseller', {
          as: admin,
          params: { userId: u.userId },
          body: { prices: { [variantId]: 8_000 } },
        });
        expect(res.status).toBe(200);
        await order(faulty);
      },
      async ({ failed }) => {
        if (failed) {
          const again = await order(db);
          expect(again.order.status).toBe('completed');
        }
        const delivered = (await variantCodes(db, variantId)).filter((c) => c.status === 'delivered');
        expect(delivered).toHaveLength(1);
        await expectWallet(u.userId, 12_000);
        expect(productId).toBeTruthy();
      },
    );
  });
});

describe('races', () => {
  it('an adjustment sent twice with its Idempotency-Key credits once; the key with another body is refused', async () => {
    const u = nextUser();
    await seedProfile(db, u, 0);
    const send = (amount: number) =>
      invoke('adminWalletAdjustment', {
        as: admin,
        headers: { 'Idempotency-Key': `twice-${u.userId}` },
        body: { user_id: u.userId, type: 'credit', amount, payment_method: 'cash' },
      });
    const [first, second] = await Promise.all([send(1_000), send(1_000)]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.payment.id).toBe(first.body.payment.id);
    await expectWallet(u.userId, 1_000);
    const other = await send(2_000);
    expect(other.status).toBe(422);
    expect(other.body.error.reason).toBe('idempotency_key_reused_request');
    await expectWallet(u.userId, 1_000);
  });

  it('approve against reject of one TrxID request: exactly one wins, money only if approved', async () => {
    for (let round = 0; round < 8; round++) {
      const u = nextUser();
      await seedProfile(db, u, 0);
      const created = await invoke('createManualTopup', {
        as: u,
        body: {
          amount: 3_000,
          payment_method: 'bkash',
          sender_number: '01800000000',
          transaction_id: `AVR${round}X${n}`,
        },
      });
      expect(created.status).toBe(201);
      const id = created.body.payment.id as string;
      const [approved, rejected] = await Promise.all([
        invoke('adminApproveManualTopup', { as: admin, params: { id }, body: {} }),
        invoke('adminRejectManualTopup', { as: admin, params: { id }, body: {} }),
      ]);
      expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
      const status = (await getPayment(db, id))?.status;
      expect(status).toBe(approved.status === 200 ? 'completed' : 'rejected');
      await expectWallet(u.userId, status === 'completed' ? 3_000 : 0);
    }
  });

  it("a reseller's parallel orders: as many placed as the wallet pays for, no code twice", async () => {
    const u = nextUser();
    await seedProfile(db, u, 50_000); // pays for 6 at ৳80
    const { variantId } = await seedVariant(db, { price: 10_000, codes: 12 });
    expect(
      (
        await invoke('adminPutReseller', {
          as: admin,
          params: { userId: u.userId },
          body: { prices: { [variantId]: 8_000 } },
        })
      ).status,
    ).toBe(200);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, k) =>
        placeResellerOrder(
          deps(db),
          { ...u, keyId: 'rk_test' },
          { variant_id: variantId, player_uid: '12345678' },
          `par-${k}`,
        ),
      ),
    );
    const placed = results.filter((r) => r.status === 'fulfilled');
    for (const r of results) if (r.status === 'rejected') expectRefusal(r.reason);
    const delivered = (await variantCodes(db, variantId)).filter((c) => c.status === 'delivered');
    expect(delivered).toHaveLength(placed.length);
    expect(new Set(delivered.map((c) => c.order_id)).size).toBe(placed.length);
    expect(placed.length).toBeLessThanOrEqual(6);
    const balance = await balanceOf(db, u.userId);
    expect(balance).toBe(50_000 - placed.length * 8_000);
    await expectWallet(u.userId, balance);
  });
});
