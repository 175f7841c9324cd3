import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SAVED_PLAYERS_PER_GAME } from '@khelaghor/contract/schemas/account';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { expectBooksBalanced } from './audit-books';
import { invoiceOf, seedProfile, seedVariant, startGateway } from './commerce-fixtures';

/**
 * Regular buyers (DESIGN 12): a completed order remembers its Player UID on the buyer's account,
 * a failed or cancelled one does not; the list is the newest few per game; only the owner removes.
 */
let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
const key = () => `k-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  db = await freshTable('saved-players');
  gw = await startGateway(db);
});
afterAll(async () => {
  if (db && gw) await expectBooksBalanced(db, gw.sandbox);
  await gw?.stop();
});

type Buyer = { userId: string; email: string };
const order = (as: Buyer, body: Record<string, unknown>) =>
  invoke('placeOrder', { as, body, headers: { 'Idempotency-Key': key() } });
const saved = async (as: Buyer) => {
  const res = await invoke('listSavedPlayers', { as });
  expect(res.status).toBe(200);
  return res.body.players as Array<{ product_id: string; player_uid: string; player_name: string | null }>;
};
const stored = async (userId: string) =>
  ((
    await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.user(userId), ':p': keys.savedPlayerPrefix() },
        ConsistentRead: true,
      }),
    )
  ).Items ?? []) as Array<{ last_used_at: string; ttl: number }>;

describe('saved players', () => {
  it('needs a signed-in caller', async () => {
    expect((await invoke('listSavedPlayers')).status).toBe(401);
    const del = await invoke('removeSavedPlayer', { params: { productId: 'P1', playerUid: '12345678' } });
    expect(del.status).toBe(401);
  });

  it('a completed wallet order saves its player with the name given; a refused one saves nothing', async () => {
    const u = customer(201);
    await seedProfile(db, u, 10_000);
    const { productId, variantId } = await seedVariant(db, { price: 6_000, codes: 3 });
    const first = await order(u, {
      variant_id: variantId,
      player_uid: '11112222',
      player_name: 'Rafi FF',
      payment_method: 'wallet',
    });
    expect(first.status).toBe(201);
    // The balance no longer covers a second one: refused, and its UID is not remembered.
    const refused = await order(u, {
      variant_id: variantId,
      player_uid: '99998888',
      payment_method: 'wallet',
    });
    expect(refused.status).toBe(422);
    expect(await saved(u)).toEqual([
      {
        product_id: productId,
        player_uid: '11112222',
        player_zone: null,
        player_name: 'Rafi FF',
        last_used_at: first.body.order.created_at,
      },
    ]);
  });

  it('a gateway order saves its player only once paid: cancelled and unpaid ones never', async () => {
    const u = customer(202);
    await seedProfile(db, u, 0);
    const { variantId } = await seedVariant(db, { price: 10_000, codes: 3 });
    const cancelled = await order(u, {
      variant_id: variantId,
      player_uid: '33334444',
      payment_method: 'bkash',
    });
    const cancelInvoice = invoiceOf(cancelled.body.payment_url);
    await gw.sandbox.control.act(cancelInvoice, 'cancel');
    const conf = await invoke('confirmPayment', { as: u, body: { invoice_id: cancelInvoice } });
    expect(conf.body.order.status).toBe('failed');
    // Cancelled by the buyer in My Orders, before paying.
    const unpaid = await order(u, { variant_id: variantId, player_uid: '55556666', payment_method: 'nagad' });
    expect((await invoke('cancelOrder', { as: u, params: { id: unpaid.body.order.id } })).status).toBe(200);
    expect(await saved(u)).toEqual([]);

    const paid = await order(u, { variant_id: variantId, player_uid: '77778888', payment_method: 'bkash' });
    const invoice = invoiceOf(paid.body.payment_url);
    await gw.sandbox.control.act(invoice, 'pay', { webhook: 'never' });
    expect((await invoke('confirmPayment', { as: u, body: { invoice_id: invoice } })).body.order.status).toBe(
      'completed',
    );
    expect((await saved(u)).map((p) => p.player_uid)).toEqual(['77778888']);
  });

  it('an operator completing an order saves its player too', async () => {
    const u = customer(203);
    await seedProfile(db, u, 0);
    const { variantId } = await seedVariant(db, { price: 10_000, codes: 1 });
    const placed = await order(u, {
      variant_id: variantId,
      player_uid: '12121212',
      payment_method: 'rocket',
    });
    expect(await saved(u)).toEqual([]);
    const set = await invoke('adminSetOrderStatus', {
      as: admin,
      params: { id: placed.body.order.id },
      body: { status: 'completed' },
    });
    expect(set.status).toBe(200);
    expect((await saved(u)).map((p) => p.player_uid)).toEqual(['12121212']);
  });

  it(`keeps the ${SAVED_PLAYERS_PER_GAME} newest per game, newest first; the same UID again moves to the front`, async () => {
    const u = customer(204);
    await seedProfile(db, u, 1_000_000);
    const a = await seedVariant(db, { price: 1_000, codes: 10 });
    const b = await seedVariant(db, { price: 1_000, codes: 2 });
    const uids = Array.from({ length: SAVED_PLAYERS_PER_GAME + 2 }, (_, i) => `2000000${i}`);
    for (const uid of uids)
      expect(
        (await order(u, { variant_id: a.variantId, player_uid: uid, payment_method: 'wallet' })).status,
      ).toBe(201);
    expect(
      (await order(u, { variant_id: b.variantId, player_uid: '30000000', payment_method: 'wallet' })).status,
    ).toBe(201);
    // The first UID again, now with the name a lookup gave.
    await order(u, {
      variant_id: a.variantId,
      player_uid: uids[0],
      player_name: 'Old Friend',
      payment_method: 'wallet',
    });
    const list = await saved(u);
    const ofA = list.filter((p) => p.product_id === a.productId);
    expect(ofA.map((p) => p.player_uid)).toEqual([
      uids[0],
      ...uids.slice(-(SAVED_PLAYERS_PER_GAME - 1)).reverse(),
    ]);
    expect(ofA[0]?.player_name).toBe('Old Friend');
    expect(list.filter((p) => p.product_id === b.productId).map((p) => p.player_uid)).toEqual(['30000000']);
    expect(list[0]?.player_uid).toBe(uids[0]);
    // The list only reads: the older ones stay stored, each expiring a year after its last order.
    const items = await stored(u.userId);
    expect(items).toHaveLength(uids.length + 1);
    for (const item of items)
      expect(item.ttl).toBe(Math.floor(Date.parse(item.last_used_at) / 1000) + 365 * 86_400);
  });

  it('only the owner removes a saved player; another buyer gets 404 and changes nothing', async () => {
    const owner = customer(205);
    const other = customer(206);
    await seedProfile(db, owner, 10_000);
    await seedProfile(db, other, 0);
    const { productId, variantId } = await seedVariant(db, { price: 1_000, codes: 1 });
    await order(owner, { variant_id: variantId, player_uid: '40404040', payment_method: 'wallet' });
    const params = { productId, playerUid: '40404040' };
    const theirs = await invoke('removeSavedPlayer', { as: other, params });
    expect(theirs.status).toBe(404);
    expect((await saved(owner)).map((p) => p.player_uid)).toEqual(['40404040']);
    const mine = await invoke('removeSavedPlayer', { as: owner, params });
    expect(mine.status).toBe(200);
    expect(await saved(owner)).toEqual([]);
    expect((await invoke('removeSavedPlayer', { as: owner, params })).status).toBe(404);
  });
});
