import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { getPayment } from '../src/db/payments/payment-items';
import { freshTable } from '../../test/db';
import { admin, customer, invoke, type ItemOf } from '../../test/invoke';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  balanceOf,
  invoiceOf,
  ledgerSum,
  seedProfile,
  seedVariant,
  startGateway,
  variantCodes,
  variantStock,
} from './commerce-fixtures';
import { expectBooksBalanced } from './audit-books';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OrderItem } from '../src/db/orders/order-items';
import { indexKeys, keys, shardedLists } from '../src/db/keys';
import { listedItems, mergeShards } from '../src/db/list-items';
import { expectListed, idsInEveryShard, putItems, rawOrder } from './list-fixtures';

let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
const key = () => `k-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  db = await freshTable('orders');
  gw = await startGateway(db);
});
afterAll(async () => {
  if (db && gw) await expectBooksBalanced(db, gw.sandbox); // the shop-wide check after the file
  await gw?.stop();
});

const order = (
  as: { userId: string; email: string },
  body: Record<string, unknown>,
  idem: string | null = key(),
) => invoke('placeOrder', { as, body, headers: idem ? { 'Idempotency-Key': idem } : {} });

describe('placing an order', () => {
  it('validates the request and needs an Idempotency-Key', async () => {
    const u = customer(1);
    const { variantId } = await seedVariant(db, { price: 15000, codes: 1 });
    expect(
      (await order(u, { variant_id: variantId, player_uid: '12345678', payment_method: 'wallet' }, null))
        .status,
    ).toBe(400);
    const bad = await order(u, { variant_id: variantId, player_uid: '1234', payment_method: 'wallet' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Please enter a valid game Player UID (8-12 digits)');
    const unknown = await order(u, { variant_id: 'nope', player_uid: '12345678', payment_method: 'wallet' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ message: 'Variant not found', reason: 'variant_not_found' });
    const inactive = await seedVariant(db, { price: 100, codes: 1, active: false });
    const off = await order(u, {
      variant_id: inactive.variantId,
      player_uid: '12345678',
      payment_method: 'wallet',
    });
    expect(off.status).toBe(404);
    expect(off.body.error.message).toBe('Variant not found');
    const empty = await seedVariant(db, { price: 100, codes: 0 });
    const oos = await order(u, {
      variant_id: empty.variantId,
      player_uid: '12345678',
      payment_method: 'bkash',
    });
    expect(oos.status).toBe(409);
    expect(oos.body.error.message).toBe('Out of stock');
  });

  it('wallet: pays, delivers one code, writes the ledger; a retry returns the first order', async () => {
    const u = customer(2);
    await seedProfile(db, u, 50000);
    const { productId, variantId } = await seedVariant(db, { price: 15000, codes: 2 });
    const idem = key();
    const body = {
      variant_id: variantId,
      player_uid: '123456789',
      payment_method: 'wallet',
      price: 1,
      total_amount: 1,
      status: 'completed',
      user_id: 'x',
    };
    const first = await order(u, body, idem);
    expect(first.status).toBe(201);
    expect(first.body.order.status).toBe('completed');
    expect(first.body.order.total_amount).toBe(15000);
    expect(first.body.balance).toBe(35000);
    const again = await order(u, body, idem);
    expect(again.status).toBe(201);
    expect(again.body.order.id).toBe(first.body.order.id);
    expect(await balanceOf(db, u.userId)).toBe(35000);
    expect(await ledgerSum(db, u.userId)).toBe(35000);
    expect(await variantStock(db, productId, variantId)).toBe(1);
    const got = await invoke('getOrder', { as: u, params: { id: first.body.order.id } });
    expect(got.body.order.code).toMatch(/^CODE-/);
    expect((await invoke('getOrder', { as: customer(3), params: { id: first.body.order.id } })).status).toBe(
      404,
    );
    const codes = await invoke('listCodes', { as: u });
    expect(codes.body.items).toHaveLength(1);
    expect(codes.body.items[0].order_id).toBe(first.body.order.id);
    expect(codes.body.items[0].product_name).toBe('Free Fire');
    const list = await invoke('listOrders', { as: u });
    expect(list.body.items.map((o: ItemOf<'listOrders'>) => o.id)).toEqual([first.body.order.id]);
  });

  it('wallet: not enough balance → 422 and nothing written', async () => {
    const u = customer(4);
    await seedProfile(db, u, 1000);
    const { productId, variantId } = await seedVariant(db, { price: 15000, codes: 1 });
    const res = await order(u, { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet' });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('Insufficient balance');
    expect(await balanceOf(db, u.userId)).toBe(1000);
    expect(await variantStock(db, productId, variantId)).toBe(1);
    expect((await invoke('listOrders', { as: u })).body.items).toHaveLength(0);
  });

  it('gateway: holds a code, the return page settles once, the code is delivered', async () => {
    const u = customer(5);
    await seedProfile(db, u, 0);
    const { productId, variantId } = await seedVariant(db, { price: 25000, codes: 1 });
    const res = await order(u, {
      variant_id: variantId,
      player_uid: '123456789',
      payment_method: 'bkash',
      price: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body.order.status).toBe('pending');
    expect(res.body.payment_url).toMatch(gw.sandbox.url);
    expect(await variantStock(db, productId, variantId)).toBe(0);
    const inv = gw.sandbox.control.invoices().find((i) => i.invoice_id === invoiceOf(res.body.payment_url))!;
    expect(inv.amount).toBe('250.00');
    const redirect = await gw.sandbox.control.act(inv.invoice_id, 'pay', { webhook: 'never' });
    expect(redirect).toContain(`invoice_id=${inv.invoice_id}`);
    const other = await invoke('confirmPayment', { as: customer(6), body: { invoice_id: inv.invoice_id } });
    expect(other.status).toBe(404);
    const conf = await invoke('confirmPayment', { as: u, body: { invoice_id: inv.invoice_id } });
    expect(conf.status).toBe(200);
    expect(conf.body.order.status).toBe('completed');
    expect(conf.body.order.code).toMatch(/^CODE-/);
    expect(conf.body.payment.status).toBe('completed');
    const codes = await variantCodes(db, variantId);
    expect(codes.map((c) => c.status)).toEqual(['delivered']);
  });

  it('gateway: cancel fails the order and releases the code at once', async () => {
    const u = customer(7);
    await seedProfile(db, u, 0);
    const { productId, variantId } = await seedVariant(db, { price: 10000, codes: 1 });
    const res = await order(u, { variant_id: variantId, player_uid: '123456789', payment_method: 'nagad' });
    const invoice = invoiceOf(res.body.payment_url);
    await gw.sandbox.control.act(invoice, 'cancel');
    const conf = await invoke('confirmPayment', { as: u, body: { invoice_id: invoice } });
    expect(conf.body.order.status).toBe('failed');
    // The buyer's Cancel on the gateway's page is a cancel, like theirs in My Orders: not a failure.
    expect(conf.body.order.failure_reason).toBe('cancelled');
    const payment = (await getPayment(db, res.body.order.payment_id)) as Record<string, unknown> | undefined;
    expect(payment?.failure_reason).toBe('cancelled');
    expect(await variantStock(db, productId, variantId)).toBe(1);
  });

  it('admin refund credits the buyer once', async () => {
    const u = customer(8);
    await seedProfile(db, u, 20000);
    const { variantId } = await seedVariant(db, { price: 15000, codes: 1 });
    const res = await order(u, { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet' });
    const id = res.body.order.id;
    for (const status of ['refunded', 'completed', 'refunded', 'refunded']) {
      const r = await invoke('adminSetOrderStatus', { as: admin, params: { id }, body: { status } });
      expect(r.status).toBe(200);
    }
    expect(await balanceOf(db, u.userId)).toBe(20000);
    expect(await ledgerSum(db, u.userId)).toBe(20000);
    const list = await invoke('adminListOrders', { as: admin, query: { status: 'refunded' } });
    expect(list.body.items.map((o: ItemOf<'adminListOrders'>) => o.id)).toContain(id);
    expect(list.body.items[0].user_email).toBe(u.email);
  });

  it('ignores price, total, status, balance and user id slipped into the body; the charge is the catalogue price', async () => {
    const u = customer(9);
    await seedProfile(db, u, 100000);
    const { variantId } = await seedVariant(db, { price: 12345, codes: 2 });
    const slipped = {
      price: 1,
      total_amount: 1,
      amount: 1,
      status: 'completed',
      balance: 999999,
      user_id: 'admin-1',
      quantity: 5,
    };
    const w = await order(u, {
      variant_id: variantId,
      player_uid: '123456789',
      payment_method: 'wallet',
      ...slipped,
    });
    expect(w.body.order.total_amount).toBe(12345);
    expect(w.body.balance).toBe(100000 - 12345);
    const g = await order(u, {
      variant_id: variantId,
      player_uid: '123456789',
      payment_method: 'bkash',
      ...slipped,
    });
    expect(g.body.order.status).toBe('pending');
    expect(g.body.order.quantity).toBe(1);
    const inv = gw.sandbox.control.invoices().find((i) => i.invoice_id === invoiceOf(g.body.payment_url))!;
    expect(inv.amount).toBe('123.45');
    expect(inv.email).toBe(u.email);
    const mine = await invoke('listOrders', { as: u });
    expect(mine.body.items).toHaveLength(2);
  });

  it('no payment_url from the gateway: 502, the order failed and the hold released', async () => {
    const fake = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: true, message: 'ok' }));
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    await gw.pointAt(base);
    try {
      const u = customer(10);
      await seedProfile(db, u, 0);
      const { productId, variantId } = await seedVariant(db, { price: 5000, codes: 1 });
      const res = await order(u, { variant_id: variantId, player_uid: '123456789', payment_method: 'bkash' });
      expect(res.status).toBe(502);
      expect(res.body.error.message).toBe('Payment URL not received');
      expect(await variantStock(db, productId, variantId)).toBe(1);
      const list = await invoke('listOrders', { as: u });
      expect(list.body.items[0].status).toBe('failed');
    } finally {
      await gw.pointAt();
      fake.close();
    }
  });
});

describe('admin orders: one list over 16 index partitions', () => {
  // Eight orders share each timestamp, so page boundaries fall inside runs of equal created_at.
  const at = (i: number) => `2099-01-01T00:00:0${i % 6}.000Z`;

  beforeAll(async () => {
    const ids = idsInEveryShard('list-order', 3);
    await putItems(
      db,
      ids.map((id, i) => rawOrder(id, i % 3 === 0 ? 'processing' : 'pending', at(i))),
    );
  });

  it('pages every order exactly once, newest first, ties by id, whatever the page size', async () => {
    const orders = { type: 'order', route: 'adminListOrders' as const };
    for (const limit of [1, 7, 16, 100])
      expect((await expectListed(db, orders, limit)).length).toBeGreaterThan(48);
  });

  it('by status: only that status, exactly, across partitions', async () => {
    for (const status of ['processing', 'pending', 'completed'] as const) {
      const keep = (o: OrderItem) => o.status === status;
      await expectListed(db, { type: 'order', route: 'adminListOrders', query: { status }, keep }, 5);
    }
  });

  it('a cursor of another status, of all orders, or with its sort key changed is 400 invalid_cursor', async () => {
    const first = await invoke('adminListOrders', { as: admin, query: { status: 'processing', limit: '3' } });
    const cursor = first.body.cursor as string;
    const [payload, signature] = cursor.split('.') as [string, string];
    const moved = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    moved.k.gsi3sk = '2099-12-31T00:00:00.000Z#x';
    const forged = `${Buffer.from(JSON.stringify(moved), 'utf8').toString('base64url')}.${signature}`;
    const queries: Array<Record<string, string>> = [
      { status: 'pending', cursor },
      { cursor },
      { status: 'processing', cursor: forged },
    ];
    for (const query of queries) {
      const res = await invoke('adminListOrders', { as: admin, query });
      expect({ query, status: res.status, code: res.body.error?.code }).toEqual({
        query,
        status: 400,
        code: 'invalid_cursor',
      });
    }
  });

  it('an order that left the status list since the index showed it is not shown', async () => {
    const list = shardedLists.ordersByStatus('processing');
    const { entries } = await mergeShards(db, list, { limit: 3 });
    const moved = String(entries[0]!.pk).slice('ORDER#'.length);
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.order(moved),
        UpdateExpression: 'SET #status = :s, gsi3pk = :pk',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':s': 'failed', ':pk': indexKeys.ordersByStatus('failed', moved) },
      }),
    );
    const items = await listedItems<OrderItem>(db, list.index, entries);
    expect(items.map((o) => o.id)).toEqual(entries.slice(1).map((e) => String(e.pk).slice('ORDER#'.length)));
  });
});
