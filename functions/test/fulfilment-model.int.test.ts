import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupplierName } from '@khelaghor/contract/facts';
import type { Db } from '../src/db/client';
import { getOrder } from '../src/db/orders/order-items';
import { sweepFulfilment } from '../src/use-cases/fulfilment/sweep-fulfilment';
import { claimQueued, completeQueued, failQueued } from '../src/use-cases/fulfilment/operator';
import { freshTable } from '../../test/db';
import { customer } from '../../test/invoke';
import { balanceOf, flowDeps, ledgerEntries, ledgerSum, seedProfile } from './commerce-fixtures';
import {
  moogoldTopup,
  orderFor,
  recordOf,
  seedFulfilledVariant,
  startSuppliers,
  testClock,
  unipinTopup,
} from './fulfilment-fixtures';

/**
 * A model test (issue 31): random sequences of supplier orders under random faults, retried
 * requests, job runs (one or two at once, with time moving on), the supplier finishing its
 * pending orders and operators working the queue. Once everything has settled, whatever the
 * sequence: each paid order ended completed or refunded, never both (one refund entry at most,
 * none on a completed order); the supplier holds at most one order per shop order, and a
 * completed one only for a completed shop order; every wallet's ledger equals its balance.
 */
let db: Db;
let sup: Awaited<ReturnType<typeof startSuppliers>>;
const clock = testClock();
let run = 0;

type Fault = 'none' | 'timeout' | 'fail5xx' | 'refuse' | 'pending' | 'balance';
type Cmd =
  | { t: 'order'; supplier: SupplierName; fault: Fault; dispatch: boolean }
  | { t: 'retry'; pick: number }
  | { t: 'sweep'; advanceMs: number; twice: boolean }
  | { t: 'supplier_finishes'; pick: number; ok: boolean }
  | { t: 'operator'; pick: number; done: boolean };

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  {
    arbitrary: fc.record({
      t: fc.constant('order' as const),
      supplier: fc.constantFrom<SupplierName>('unipin', 'moogold'),
      fault: fc.constantFrom<Fault>('none', 'timeout', 'fail5xx', 'refuse', 'pending', 'pending', 'balance'),
      dispatch: fc.boolean(),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ t: fc.constant('retry' as const), pick: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({
      t: fc.constant('sweep' as const),
      advanceMs: fc.constantFrom(0, 20_000, 70_000, 11 * 60_000, 11 * 60_000),
      twice: fc.boolean(),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ t: fc.constant('supplier_finishes' as const), pick: fc.nat(), ok: fc.boolean() }),
    weight: 1,
  },
  {
    arbitrary: fc.record({ t: fc.constant('operator' as const), pick: fc.nat(), done: fc.boolean() }),
    weight: 1,
  },
);

const withSupplier = () => ({
  ...flowDeps(db),
  now: clock.now,
  supplier: async (s: SupplierName) => sup.adapters[s],
});
const withoutSupplier = () => ({ ...flowDeps(db), now: clock.now });

function setFault(supplier: SupplierName, fault: Fault) {
  if (supplier === 'unipin') {
    if (fault === 'timeout') sup.unipin.control.set({ timeoutAfterCommit: 1 });
    if (fault === 'fail5xx') sup.unipin.control.set({ fail5xx: 1 });
    if (fault === 'refuse') sup.unipin.control.set({ refuse: 'Refused by the model' });
    if (fault === 'pending') sup.unipin.control.set({ pending: true });
    if (fault === 'balance') sup.unipin.control.set({ balance: 0 });
  } else {
    if (fault === 'timeout') sup.moogold.control.faults({ timeoutAfterCommit: 900 });
    if (fault === 'fail5xx') sup.moogold.control.faults({ fail5xx: 1 });
    if (fault === 'refuse') sup.moogold.control.faults({ refuse: 'Refused by the model' });
    if (fault === 'pending') sup.moogold.control.faults({ pending: true });
    if (fault === 'balance') sup.moogold.control.faults({ balance: 0 });
  }
}

function clearFaults() {
  sup.unipin.control.clearFaults();
  sup.unipin.control.set({ balance: 50_000 });
  // MooGold's refuse and timeout switches wait for the next order (no way to unset): more faults.
  sup.moogold.control.faults({ fail5xx: 0, slowInquiry: 0, pending: false, balance: 10_000 });
}

/** The supplier's order under our reference, and its status there. */
function atSupplier(supplier: SupplierName, ref: string): { count: number; status?: string } {
  if (supplier === 'unipin') {
    const snap = sup.unipin.control.snapshot();
    return {
      count: snap.ordersCreated[ref] ?? 0,
      status: snap.orders.find((o) => o.reference_no === ref)?.order_status,
    };
  }
  return {
    count: sup.moogold.control.ordersCreated(ref),
    status: sup.moogold.control.orders().find((o) => o.partnerOrderId === ref)?.status,
  };
}

function finishAtSupplier(supplier: SupplierName, ref: string, ok: boolean) {
  if (atSupplier(supplier, ref).status !== 'processing' && atSupplier(supplier, ref).status !== 'pending')
    return;
  if (supplier === 'unipin')
    sup.unipin.control.complete(ref, ok ? 'completed' : 'failed', 'Failed by the model');
  else if (ok) sup.moogold.control.complete(ref);
  else sup.moogold.control.fail(ref, 'Failed by the model');
}

/** An operator takes a queued order and marks it done (with proof) or failed. */
async function operate(orderId: string, done: boolean) {
  const record = await recordOf(db, orderId);
  if (record?.state !== 'queued') return;
  const me = `admin-${run}`;
  await claimQueued(withSupplier(), orderId, me);
  // Failing asks the supplier first: refused while the supplier still works on it.
  if (done) await completeQueued(withSupplier(), orderId, me, `PROOF-${orderId}`);
  else await failQueued(withSupplier(), orderId, me, 'Failed by the model').catch(() => undefined);
}

beforeAll(async () => {
  db = await freshTable('fulfilment-model');
  // A short timeout: a slow machine's extra unknowns are part of what the model allows.
  sup = await startSuppliers(500);
});
afterAll(async () => {
  await sup?.stop();
});

describe('supplier fulfilment under random faults and job runs', () => {
  it(
    'ends every paid order completed or refunded once, one supplier order each, ledgers = balances',
    { timeout: 300_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(cmd, { minLength: 3, maxLength: 8 }), async (cmds) => {
          run++;
          const user = customer(41_000 + run);
          const START = 100_000;
          await seedProfile(db, user, START);
          const variants = {
            unipin: (await seedFulfilledVariant(db, unipinTopup, { price: 7_000 })).variantId,
            moogold: (await seedFulfilledVariant(db, moogoldTopup, { price: 9_000 })).variantId,
          };
          const orders: Array<{ id: string; supplier: SupplierName; key: string }> = [];
          const pick = (n: number) => orders[n % orders.length];

          for (const c of cmds) {
            if (c.t === 'order') {
              setFault(c.supplier, c.fault);
              const key = `model-${run}-${orders.length}`;
              const placed = await orderFor(
                c.dispatch ? withSupplier() : withoutSupplier(),
                user,
                variants[c.supplier],
                {
                  key,
                },
              ).finally(clearFaults);
              orders.push({ id: placed.order.id, supplier: c.supplier, key });
            } else if (c.t === 'retry' && orders.length) {
              const o = pick(c.pick)!;
              await orderFor(withSupplier(), user, variants[o.supplier], { key: o.key });
            } else if (c.t === 'sweep') {
              clock.advance(c.advanceMs);
              await Promise.all(
                Array.from({ length: c.twice ? 2 : 1 }, () => sweepFulfilment(withSupplier())),
              );
            } else if (c.t === 'supplier_finishes' && orders.length) {
              const o = pick(c.pick)!;
              finishAtSupplier(o.supplier, o.id, c.ok);
            } else if (c.t === 'operator' && orders.length) {
              await operate(pick(c.pick)!.id, c.done);
            }
          }

          // Settle everything: the supplier finishes its work, the job runs past every limit, and
          // an operator fails what is left in the queue (asking the supplier first).
          clearFaults();
          // An operator first fails what waits in the queue (the supplier may still be working).
          for (const o of orders) await operate(o.id, false);
          for (const o of orders) finishAtSupplier(o.supplier, o.id, true);
          for (let round = 0; round < 3; round++) {
            clock.advance(11 * 60_000);
            await sweepFulfilment(withSupplier());
            for (const o of orders) await operate(o.id, false);
          }

          const refundEntries = (await ledgerEntries(db, user.userId)).filter((e) => e.reason === 'refund');
          let spent = 0;
          for (const o of orders) {
            const order = await getOrder(db, o.id);
            const supplier = atSupplier(o.supplier, o.id);
            const refunds = refundEntries.filter((e) => e.reference === o.id).length;
            const where = `${o.id} (${o.supplier}) ${JSON.stringify(await recordOf(db, o.id))}`;
            expect(['completed', 'refunded'], where).toContain(order?.status);
            expect(refunds, where).toBe(order?.status === 'refunded' ? 1 : 0);
            expect(supplier.count, where).toBeLessThanOrEqual(1);
            if (supplier.status === 'completed') expect(order?.status, where).toBe('completed');
            if (order?.status === 'refunded') expect(supplier.status, where).not.toBe('completed');
            if (order?.status === 'completed') spent += order.total_amount;
          }
          expect(await balanceOf(db, user.userId)).toBe(START - spent);
          expect(await ledgerSum(db, user.userId)).toBe(START - spent);
        }),
        { numRuns: 6 },
      );
    },
  );
});
