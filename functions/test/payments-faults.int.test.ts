import { restockCodes, STRANDED_AFTER_MS } from '../src/db/stock/restock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { getOrder } from '../src/db/orders/order-items';
import { placeOrder } from '../src/use-cases/orders/place-order';
import { confirmInvoice } from '../src/use-cases/payments/confirm-invoice';
import { CHARGE_LOCK_MS } from '../src/use-cases/payments/start-charge';
import { freshTable } from '../../test/db';
import { customer } from '../../test/invoke';
import {
  balanceOf,
  invoiceOf,
  ledgerSum,
  seedProfile,
  seedVariant,
  startGateway,
  variantCodes,
  variantStock,
  flowDeps,
} from './commerce-fixtures';
import { expectBooksBalanced } from './audit-books';
import { faultyDb, type Fault } from './fault-proxy';

/**
 * A DynamoDB failure injected at each call of a purchase and of a settlement in turn: before the
 * call reaches the table, after it committed (the answer lost), and as AWS's transaction conflict. Then a retry of
 * the same request: no code lost or given twice, no money lost, and the job gets done.
 */
let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
let userN = 5000;

beforeAll(async () => {
  db = await freshTable('faults');
  gw = await startGateway(db);
});
afterAll(async () => {
  if (db && gw) await expectBooksBalanced(db, gw.sandbox); // the shop-wide check after the file
  await gw?.stop();
});

/** The same table, but call number `failAt` goes wrong (fault-proxy.ts). */
const faulty = (failAt: number, fault: Fault) => faultyDb(db, failAt, fault);

const deps = (d: Db) => flowDeps(db, d);

async function checkWorld(productId: string, variantId: string) {
  // A ticket whose claim died on a fault before it could give it back: the sweeper's two runs.
  const t0 = new Date();
  await restockCodes(db, t0);
  await restockCodes(db, new Date(t0.getTime() + STRANDED_AFTER_MS));
  const codes = await variantCodes(db, variantId);
  expect(await variantStock(db, productId, variantId)).toBe(
    codes.filter((c) => c.status === 'available').length,
  );
  const perOrder = new Map<string | undefined, number>();
  for (const c of codes.filter((c) => c.status === 'delivered'))
    perOrder.set(c.order_id, (perOrder.get(c.order_id) ?? 0) + 1);
  expect([...perOrder.values()].every((n) => n === 1)).toBe(true);
  return codes;
}

describe.each<Fault>(['before', 'after', 'conflict'])('failure %s the Nth DynamoDB call', (when) => {
  it('wallet purchase: a retry with the same key finishes with one order, one code, one debit', async () => {
    for (let failAt = 1; ; failAt++) {
      const u = customer(userN++);
      await seedProfile(db, u, 10000);
      const { productId, variantId } = await seedVariant(db, { price: 4000, codes: 2 });
      const body = { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet' as const };
      const f = faulty(failAt, when);
      let failed = false;
      try {
        await placeOrder(deps(f.db), u, body, 'same-key');
      } catch {
        failed = true;
      }
      const retry = await placeOrder(deps(db), u, body, 'same-key');
      expect(retry.order.status).toBe('completed');
      const codes = await checkWorld(productId, variantId);
      expect(codes.filter((c) => c.status === 'delivered')).toHaveLength(1);
      expect(await balanceOf(db, u.userId)).toBe(6000);
      expect(await ledgerSum(db, u.userId)).toBe(6000);
      if (!failed && f.calls() < failAt) break; // every call of the flow has had its failure
    }
  });

  it('gateway purchase and settlement: retries end with one delivery', async () => {
    for (let failAt = 1; ; failAt++) {
      const u = customer(userN++);
      await seedProfile(db, u, 0);
      const { productId, variantId } = await seedVariant(db, { price: 7000, codes: 2 });
      const body = { variant_id: variantId, player_uid: '123456789', payment_method: 'bkash' as const };
      const f = faulty(failAt, when);
      let placeFailed = false;
      try {
        await placeOrder(deps(f.db), u, body, 'gw-key');
      } catch {
        placeFailed = true;
      }
      // A retry while the dead request's charge lock lasts answers 409 (the draft's 'in progress');
      // the client's retry after the lock has passed finishes the job.
      const later = { ...deps(db), now: () => new Date(Date.now() + CHARGE_LOCK_MS + 1000) };
      const placed = await placeOrder(later, u, body, 'gw-key');
      await checkWorld(productId, variantId);
      if (placed.order.status !== 'pending' || !placed.paymentUrl) {
        // The injected failure hit the charge path: the order failed cleanly and released its code.
        expect(
          placed.order.status === 'failed' || (await getOrder(db, placed.order.id))?.status === 'failed',
        ).toBe(true);
        expect(await variantStock(db, productId, variantId)).toBe(2);
        continue;
      }
      const invoice = invoiceOf(placed.paymentUrl);
      await gw.sandbox.control.act(invoice, 'pay', { webhook: 'never' });
      const g = faulty(failAt, when);
      let settleFailed = false;
      try {
        await confirmInvoice(deps(g.db), invoice, u.userId);
      } catch {
        settleFailed = true;
      }
      await confirmInvoice(deps(db), invoice, u.userId);
      await confirmInvoice(deps(db), invoice);
      expect((await getOrder(db, placed.order.id))?.status).toBe('completed');
      const codes = await checkWorld(productId, variantId);
      expect(codes.filter((c) => c.status === 'delivered')).toHaveLength(1);
      if (!placeFailed && !settleFailed && f.calls() < failAt && g.calls() < failAt) break;
    }
  });
});
