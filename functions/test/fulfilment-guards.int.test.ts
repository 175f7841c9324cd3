import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { claimQueuedRecord, putSupplierOrderWrite } from '../src/db/fulfilment/supplier-order-items';
import { getOrder } from '../src/db/orders/order-items';
import { transact, WriteRefused } from '../src/db/transact';
import { newSupplierOrder } from '../src/domain/fulfilment/supplier-order';
import { claimQueued, completeQueued, failQueued } from '../src/use-cases/fulfilment/operator';
import { refundOrder } from '../src/use-cases/orders/refund-order';
import { freshTable } from '../../test/db';
import { customer } from '../../test/invoke';
import { balanceOf, flowDeps, ledgerSum, seedProfile } from './commerce-fixtures';
import {
  operatorFulfilment,
  orderFor,
  recordOf,
  seedFulfilledVariant,
  unipinTopup,
} from './fulfilment-fixtures';

/**
 * Issue 29: the supplier-order record's own guards, each on a state it must refuse. In today's
 * callers another condition of the same transaction or a read before the write usually stops the
 * same move first; these tests hold the record's guards to their word on their own, so a caller
 * that forgets its check cannot open a second supplier order or a claim on a finished order.
 */
let db: Db;
const PRICE = 9_000;
let operatorVariant: string;
let supplierVariant: string;
const deps = () => flowDeps(db);

async function paidOrder(n: number, variantId: string) {
  const buyer = customer(3900 + n);
  await seedProfile(db, buyer, PRICE);
  // No supplier client: the record stays where the payment left it (queued, or pending_send).
  const placed = await orderFor(deps(), buyer, variantId);
  expect(placed.order.status).toBe('processing');
  return placed.order.id;
}

beforeAll(async () => {
  db = await freshTable('fulguard');
  operatorVariant = (await seedFulfilledVariant(db, operatorFulfilment, { price: PRICE })).variantId;
  supplierVariant = (await seedFulfilledVariant(db, unipinTopup, { price: PRICE })).variantId;
});

describe("the supplier-order record's guards", () => {
  it('is created once per order: a second record for a claimed order is refused, the claim kept', async () => {
    const orderId = await paidOrder(1, operatorVariant);
    await claimQueued(deps(), orderId, 'admin-1');
    const before = await recordOf(db, orderId);
    expect(before).toMatchObject({ state: 'queued', claimed_by: 'admin-1' });
    const order = (await getOrder(db, orderId))!;
    // A fresh record would drop the claim: a second operator could deliver the same order again.
    const again = newSupplierOrder(order, order.fulfilment!, new Date(Date.now() + 60_000));
    const refused = await transact(db, [putSupplierOrderWrite(db.table, again)]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WriteRefused);
    expect((refused as WriteRefused).failed).toEqual(['supplier_order']);
    expect(await recordOf(db, orderId)).toEqual(before);
  });

  it('an operator claims only a queued record: not one being sent, not a completed one', async () => {
    const sending = await paidOrder(2, supplierVariant);
    expect((await recordOf(db, sending))?.state).toBe('pending_send');
    expect(await claimQueuedRecord(db, sending, 'admin-1', new Date().toISOString())).toBeUndefined();
    expect((await recordOf(db, sending))?.claimed_by).toBeUndefined();

    const finished = await paidOrder(3, operatorVariant);
    await claimQueued(deps(), finished, 'admin-1');
    await completeQueued(deps(), finished, 'admin-1', 'GAME-TRX-9');
    const done = await recordOf(db, finished);
    expect(done?.state).toBe('completed');
    expect(await claimQueuedRecord(db, finished, 'admin-2', new Date().toISOString())).toBeUndefined();
    expect(await recordOf(db, finished)).toEqual(done);
  });

  it('refunds only the rest when an admin refunded part of the order while it was processing', async () => {
    const buyer = customer(3904);
    await seedProfile(db, buyer, PRICE);
    const orderId = (await orderFor(deps(), buyer, operatorVariant)).order.id;
    await refundOrder(
      {
        db,
        now: () => new Date(),
        refundCall: () => Promise.reject(new Error('no gateway for a wallet refund')),
      },
      {
        orderId,
        requestId: 'part-1',
        amount: 3_000,
        destination: 'wallet',
        reason: 'part',
        adminId: 'admin-1',
      },
    );
    await claimQueued(deps(), orderId, 'admin-1');
    // An operator package: no supplier to ask first.
    const operatorDeps = { db, now: () => new Date(), supplier: async () => undefined };
    expect(await failQueued(operatorDeps, orderId, 'admin-1', 'the game is down')).toBe('refunded');
    // Paid 9,000 once: 3,000 by the admin and the rest by the refusal, never 3,000 + 9,000.
    expect(await balanceOf(db, buyer.userId)).toBe(PRICE);
    expect(await ledgerSum(db, buyer.userId)).toBe(PRICE);
    expect((await getOrder(db, orderId))?.status).toBe('refunded');
  });
});
