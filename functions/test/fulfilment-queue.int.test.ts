import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { getOrder } from '../src/db/orders/order-items';
import { getProfile } from '../src/db/users/profiles';
import { writeAdminRole } from '../src/db/users/admin-role';
import { freshTable } from '../../test/db';
import { admin, customer, invoke, type InvokeOptions } from '../../test/invoke';
import { seedProfile } from './commerce-fixtures';
import { operatorFulfilment, recordOf, seedFulfilledVariant } from './fulfilment-fixtures';
import { expectBooksBalanced } from './audit-books';

/**
 * Issue 31, the operator's queue through its routes: one admin claims an order (the other gets a
 * 409), 'Done' needs proof and completes the order with it, 'Failed' refunds the wallet once.
 */
let db: Db;
const admin2 = { userId: 'admin-2', email: 'admin2@example.com', groups: ['admin'] };
const PRICE = 12_000;
let variantId: string;
let productId: string;

async function manualOrder(n: number, uid = '55512345') {
  const buyer = customer(3100 + n);
  await seedProfile(db, buyer, PRICE);
  const res = await invoke('placeOrder', {
    as: buyer,
    headers: { 'Idempotency-Key': `queue-${n}-${Date.now()}` },
    body: { variant_id: variantId, player_uid: uid, payment_method: 'wallet' },
  });
  expect(res.status).toBe(201);
  return { buyer, orderId: res.body.order.id as string };
}

type As = InvokeOptions['as'];
const claim = (id: string, as: As = admin) => invoke('adminClaimFulfilment', { as, params: { id } });
const done = (id: string, proof: string, as: As = admin) =>
  invoke('adminCompleteFulfilment', { as, params: { id }, body: { proof } });
const failed = (id: string, as: As = admin) =>
  invoke('adminFailFulfilment', { as, params: { id }, body: { reason: 'Player account is banned' } });
const balanceOf = async (userId: string) => (await getProfile(db, userId))?.balance;

beforeAll(async () => {
  db = await freshTable('fulqueue');
  await writeAdminRole(
    db,
    admin2.userId,
    { isAdmin: true, by: 'test', now: new Date() },
    { profile: 'if-exists' },
  );
  ({ variantId, productId } = await seedFulfilledVariant(db, operatorFulfilment, { price: PRICE }));
});
afterAll(async () => {
  if (db) await expectBooksBalanced(db);
});

describe("the operator's queue", () => {
  it('a paid manual order waits in the queue as Processing, with its UID and promise', async () => {
    const { orderId } = await manualOrder(1, '777888999');
    expect((await getOrder(db, orderId))?.status).toBe('processing');
    const list = await invoke('adminListFulfilment', { as: admin });
    expect(list.status).toBe(200);
    const item = list.body.items.find((i: { order_id: string }) => i.order_id === orderId);
    expect(item).toMatchObject({
      state: 'queued',
      queue_reason: 'manual',
      player_uid: '777888999',
      total_amount: PRICE,
      mine: false,
      claimed_by: null,
    });
    // The shop's promise for an operator: 30 minutes from payment by default.
    expect(Date.parse(item.promised_by) - Date.parse(item.paid_at)).toBe(30 * 60_000);
  });

  it("the promise follows the shop's operator_minutes: product page, queue", async () => {
    const saved = await invoke('adminPutSiteSettings', {
      as: admin,
      body: { brand_name: 'Khelaghor', operator_minutes: 45 },
    });
    expect(saved.status).toBe(200);
    expect((await invoke('getSite')).body.settings.operator_minutes).toBe(45);
    const page = await invoke('getProduct', { params: { id: productId } });
    expect(page.body.product.variants[0]).toMatchObject({ delivery: 'game_account', delivery_minutes: 45 });
    const { orderId } = await manualOrder(6);
    const item = (await invoke('adminListFulfilment', { as: admin })).body.items.find(
      (i: { order_id: string }) => i.order_id === orderId,
    );
    expect(Date.parse(item.promised_by) - Date.parse(item.paid_at)).toBe(45 * 60_000);
    expect(
      (
        await invoke('adminPutSiteSettings', {
          as: admin,
          body: { brand_name: 'Khelaghor', operator_minutes: 0 },
        })
      ).status,
    ).toBe(400);
  });

  it('only admins see or work the queue', async () => {
    const { orderId } = await manualOrder(2);
    const buyer = customer(3102);
    expect((await invoke('adminListFulfilment', { as: buyer })).status).toBe(403);
    expect((await claim(orderId, buyer)).status).toBe(403);
    expect((await done(orderId, 'GAME-1', buyer)).status).toBe(403);
    expect((await failed(orderId, buyer)).status).toBe(403);
    expect((await recordOf(db, orderId))?.claimed_by).toBeUndefined();
  });

  it('two admins claim one order at once: one wins, the other gets a clear 409', async () => {
    const { orderId } = await manualOrder(3);
    const [a, b] = await Promise.all([claim(orderId, admin), claim(orderId, admin2)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const lost = a.status === 409 ? a : b;
    expect(lost.body.error.message).toBe('Another admin is already working on this order');
    const winner = a.status === 200 ? admin : admin2;
    expect((await recordOf(db, orderId))?.claimed_by).toBe(winner.userId);
    // The loser cannot finish it either; the winner claiming again keeps it.
    const loser = winner === admin ? admin2 : admin;
    expect((await done(orderId, 'GAME-TRX-1', loser)).status).toBe(409);
    expect((await claim(orderId, winner)).status).toBe(200);
  });

  it("'Done' needs proof, completes the order and shows the proof as its transaction id", async () => {
    const { buyer, orderId } = await manualOrder(4);
    expect((await done(orderId, 'GAME-TRX-2')).status).toBe(409); // not claimed yet
    expect((await claim(orderId)).status).toBe(200);
    const empty = await done(orderId, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.proof).toBe("Please enter the game's transaction ID or a note");
    const ok = await done(orderId, 'GAME-TRX-2');
    expect(ok.status).toBe(200);
    expect(ok.body.result).toBe('completed');
    const seen = await invoke('getOrder', { as: buyer, params: { id: orderId } });
    expect(seen.body.order).toMatchObject({ status: 'completed' });
    expect(seen.body.order.fulfilment?.supplier_transaction_id).toBe('GAME-TRX-2');
    expect(await balanceOf(buyer.userId)).toBe(0);
    // Done twice, or Failed after Done: the order is no longer waiting.
    expect((await done(orderId, 'GAME-TRX-3')).status).toBe(409);
    expect((await failed(orderId)).status).toBe(409);
    expect(await balanceOf(buyer.userId)).toBe(0);
  });

  it("'Failed' refunds the wallet once; a second 'Failed' is refused", async () => {
    const { buyer, orderId } = await manualOrder(5);
    expect(await balanceOf(buyer.userId)).toBe(0);
    expect((await claim(orderId)).status).toBe(200);
    const first = await failed(orderId);
    expect(first.status).toBe(200);
    expect(first.body.result).toBe('refunded');
    expect(await balanceOf(buyer.userId)).toBe(PRICE);
    const again = await failed(orderId);
    expect(again.status).toBe(409);
    expect(await balanceOf(buyer.userId)).toBe(PRICE);
    expect((await getOrder(db, orderId))?.status).toBe('refunded');
    const list = await invoke('adminListFulfilment', { as: admin });
    expect(list.body.items.map((i: { order_id: string }) => i.order_id)).not.toContain(orderId);
  });
});
