import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { getOrder, orderTransitionWrites } from '../src/db/orders/order-items';
import {
  getTally,
  listRefunds,
  putRefundWrite,
  tallyWrite,
  walletRefundWrites,
} from '../src/db/orders/refund-items';
import { transact, WriteRefused } from '../src/db/transact';
import { effectiveTally, tallyAfter, type RefundRecord } from '../src/domain/orders/refunds';
import type { RefundFault } from '../../local/src/sandbox/refunds';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { expectBooksBalanced } from './audit-books';
import { holdingDb } from './fault-proxy';
import { confirmRefund, refundOrder } from '../src/use-cases/orders/refund-order';
import { refundCallFromConfig } from '../src/clients/uddoktapay-refund';
import { balanceOf, invoiceOf, seedProfile, seedVariant, startGateway } from './commerce-fixtures';

/**
 * Issue 34: refunds to the original payment. UddoktaPay's refund call answers only {status,
 * message}, so the shop writes its record first and never sends an unknown refund again. Each
 * case counts the money twice: on the sandbox's side (what it accepted) and in the shop's records.
 */
let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
let n = 34_000;
const rid = () => `r-${Math.random().toString(36).slice(2, 14)}`;

beforeAll(async () => {
  db = await freshTable('refunds');
  gw = await startGateway(db);
});
afterAll(async () => {
  if (db && gw) await expectBooksBalanced(db, gw.sandbox);
  await gw?.stop();
});

/** A buyer's bKash order for `price`, paid at the sandbox and settled by the return page. */
async function paidOrder(price = 10_000) {
  const u = customer(n++);
  await seedProfile(db, u);
  const v = await seedVariant(db, { price, codes: 1 });
  const placed = await invoke('placeOrder', {
    as: u,
    headers: { 'Idempotency-Key': rid() },
    body: { variant_id: v.variantId, player_uid: '123456789', payment_method: 'bkash' },
  });
  expect(placed.status).toBe(201);
  const invoice = invoiceOf(placed.body.payment_url);
  await gw.sandbox.control.act(invoice, 'pay', { webhook: 'never' });
  expect((await invoke('confirmPayment', { as: u, body: { invoice_id: invoice } })).status).toBe(200);
  const orderId = placed.body.order.id as string;
  expect((await getOrder(db, orderId))?.status).toBe('completed');
  return { u, orderId, invoice };
}

const refund = (orderId: string, body: Record<string, unknown>, as: typeof admin = admin) =>
  invoke('adminCreateRefund', {
    as,
    params: { id: orderId },
    body: { request_id: rid(), reason: 'Buyer asked', ...body },
  });
const confirm = (orderId: string, refundId: string, outcome: 'sent' | 'refused') =>
  invoke('adminConfirmRefund', {
    as: admin,
    params: { id: orderId, refundId },
    body: { outcome, note: 'Checked in the UddoktaPay panel' },
  });
/** What the sandbox accepted for this invoice (the money that really left), in poisha. */
const leftAtGateway = (invoice: string) =>
  gw.sandbox.control
    .refunds()
    .filter((r) => r.invoice_id === invoice)
    .reduce((sum, r) => sum + r.amount, 0);
const callsFor = (invoice: string) =>
  gw.sandbox.control.refunds().filter((r) => r.invoice_id === invoice).length;

/**
 * One admin's refund, read and written through `d` (a held client waits at its write); the error
 * it ends with, if any, is its answer. `requestId`: the dialog's id (a double click sends it twice).
 */
const refundThrough = (
  d: Db,
  orderId: string,
  destination: 'original' | 'wallet',
  amount: number,
  requestId = rid(),
): Promise<unknown> =>
  refundOrder(
    { db: d, now: () => new Date(), refundCall: () => refundCallFromConfig(db) },
    { orderId, requestId, amount, destination, reason: 'Buyer asked', adminId: 'admin-1' },
  ).then(
    (r) => r,
    (e: unknown) => e,
  );
/** The tally against the refund records: held = every refund not refused, returned = the sent ones. */
async function expectTallyOfRecords(orderId: string) {
  const records = await listRefunds(db, orderId);
  const sum = (states: string[]) =>
    records.filter((r) => states.includes(r.state)).reduce((total, r) => total + r.amount, 0);
  expect(await getTally(db, orderId)).toMatchObject({
    held: sum(['sending', 'unknown', 'sent']),
    returned: sum(['sent']),
  });
}

describe('a refund to the original method under each gateway answer', () => {
  const cases: Array<{
    name: string;
    fault: RefundFault;
    state: string;
    confirmAs?: 'sent' | 'refused';
    left: number;
    finalState: string;
  }> = [
    { name: 'yes', fault: { kind: 'yes' }, state: 'sent', left: 10_000, finalState: 'sent' },
    {
      name: 'no',
      fault: { kind: 'no', message: 'Insufficient merchant balance' },
      state: 'refused',
      left: 0,
      finalState: 'refused',
    },
    {
      name: 'timeout',
      fault: { kind: 'timeout', applied: true },
      state: 'unknown',
      left: 10_000,
      finalState: 'unknown',
    },
    { name: '5xx', fault: { kind: '5xx', applied: false }, state: 'unknown', left: 0, finalState: 'unknown' },
    {
      name: 'timeout, then the admin confirms sent',
      fault: { kind: 'timeout', applied: true },
      state: 'unknown',
      confirmAs: 'sent',
      left: 10_000,
      finalState: 'sent',
    },
    {
      name: 'timeout, then the admin confirms refused',
      fault: { kind: 'timeout', applied: false },
      state: 'unknown',
      confirmAs: 'refused',
      left: 0,
      finalState: 'refused',
    },
  ];

  for (const c of cases)
    it(`${c.name}: each taka moves once, never twice`, async () => {
      const { u, orderId, invoice } = await paidOrder();
      gw.sandbox.control.queueRefundFaults(c.fault);
      const request_id = rid();
      const first = await refund(orderId, { request_id, amount: 10_000, destination: 'original' });
      expect(first.status).toBe(200);
      expect(first.body.refund.state).toBe(c.state);
      if (c.fault.kind === 'no') expect(first.body.refund.message).toBe('Insufficient merchant balance');
      // The same admin request again (a double click, a retried fetch): the record answers, no call.
      const again = await refund(orderId, { request_id, amount: 10_000, destination: 'original' });
      expect(again.body.refund.state).toBe(c.state);
      if (c.confirmAs) {
        const confirmed = await confirm(orderId, first.body.refund.id, c.confirmAs);
        expect(confirmed.status).toBe(200);
        expect(confirmed.body.refund.state).toBe(c.finalState);
        // Confirming twice the other way is refused: the outcome is recorded once.
        const other = await confirm(
          orderId,
          first.body.refund.id,
          c.confirmAs === 'sent' ? 'refused' : 'sent',
        );
        expect(other.status).toBe(409);
      }
      expect(leftAtGateway(invoice)).toBe(c.left);
      expect(callsFor(invoice)).toBeLessThanOrEqual(1);
      // Never to the wallet too: an original-method refund does not touch the balance.
      expect(await balanceOf(db, u.userId)).toBe(0);
      const records = await listRefunds(db, orderId);
      expect(records.map((r) => r.state)).toEqual([c.finalState]);
      const tally = await getTally(db, orderId);
      const order = await getOrder(db, orderId);
      // Returned only when known sent; held (counted against what was paid) unless refused.
      expect(tally?.returned).toBe(c.finalState === 'sent' ? 10_000 : 0);
      expect(tally?.held).toBe(c.finalState === 'refused' ? 0 : 10_000);
      expect(order?.status).toBe(c.finalState === 'sent' ? 'refunded' : 'completed');
      // An unknown refund holds its amount: nothing more can be refunded, to any destination.
      if (c.finalState === 'unknown') {
        expect((await refund(orderId, { amount: 1, destination: 'wallet' })).status).toBe(422);
        expect(
          (
            await invoke('adminSetOrderStatus', {
              as: admin,
              params: { id: orderId },
              body: { status: 'refunded' },
            })
          ).status,
        ).toBe(409);
        expect(await balanceOf(db, u.userId)).toBe(0);
      }
      // A refused one frees it: the buyer can still get the money to the wallet, once.
      if (c.finalState === 'refused') {
        const wallet = await refund(orderId, { amount: 10_000, destination: 'wallet' });
        expect(wallet.body.refund.state).toBe('sent');
        expect(await balanceOf(db, u.userId)).toBe(10_000);
        expect((await getOrder(db, orderId))?.status).toBe('refunded');
      }
      const list = await invoke('adminListRefunds', { as: admin, params: { id: orderId } });
      expect(list.body.refundable).toBe(0);
    });
});

describe('the refundable total', () => {
  // Two admins = two Refund dialogs (two request ids) at the same moment; the identity plays no
  // part in the conditions, so the test's one signed-in admin stands for both.
  it('two admins refunding the same order at once refund it once', async () => {
    const { u, orderId, invoice } = await paidOrder();
    const [a, b, c, d] = await Promise.all([
      refund(orderId, { amount: 10_000, destination: 'original' }),
      refund(orderId, { amount: 10_000, destination: 'original' }, admin),
      refund(orderId, { amount: 10_000, destination: 'wallet' }),
      refund(orderId, { amount: 10_000, destination: 'wallet' }, admin),
    ]);
    const ok = [a, b, c, d].filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of [a, b, c, d].filter((x) => x.status !== 200)) expect([409, 422]).toContain(r.status);
    const toWallet = await balanceOf(db, u.userId);
    expect(toWallet + leftAtGateway(invoice)).toBe(10_000);
    expect((await listRefunds(db, orderId)).filter((r) => r.state !== 'refused')).toHaveLength(1);
  });

  it('an admin held between reading the order and writing the refund cannot pass what was paid', async () => {
    const { u, orderId, invoice } = await paidOrder();
    const held = holdingDb(db, 'TransactWriteItemsCommand');
    const request = (d: Db, requestId: string, destination: 'original' | 'wallet', amount: number) =>
      refundOrder(
        { db: d, now: () => new Date(), refundCall: () => refundCallFromConfig(db) },
        { orderId, requestId, amount, destination, reason: 'Buyer asked', adminId: 'admin-1' },
      );
    // The first admin read the order (nothing refunded yet) and waits at its write...
    const first = request(held.db, rid(), 'original', 10_000).then(
      (r) => r,
      (e: unknown) => e,
    );
    await held.reached;
    // ...while a second admin refunds part of it to the wallet (the order stays completed, so
    // only the tally's condition stands between the first admin and a refund past what was paid).
    expect((await request(db, rid(), 'wallet', 6_000)).state).toBe('sent');
    held.release();
    const late = await first;
    expect(late).toBeInstanceOf(Error);
    expect((late as Error).message).toMatch(/Only ৳40\.00 .*can still be refunded/);
    expect(leftAtGateway(invoice)).toBe(0);
    expect(await balanceOf(db, u.userId)).toBe(6_000);
    expect((await getTally(db, orderId))?.held).toBe(6_000);
  });

  it('a refund still unknown at the gateway holds its amount against an admin who read before it', async () => {
    const { orderId, invoice } = await paidOrder();
    // An earlier refund: the tally exists, so the waiting admin's write is conditioned on its sums.
    expect(await refundThrough(db, orderId, 'original', 1_000)).toMatchObject({ state: 'sent' });
    const held = holdingDb(db, 'TransactWriteItemsCommand');
    // Part of the order (a whole refund also moves the order, under a condition of its own).
    const first = refundThrough(held.db, orderId, 'original', 5_000);
    await held.reached;
    // The second admin's refund reaches the gateway, which fails without refunding: held, not returned.
    gw.sandbox.control.queueRefundFaults({ kind: '5xx', applied: false });
    expect(await refundThrough(db, orderId, 'original', 5_000)).toMatchObject({ state: 'unknown' });
    held.release();
    const late = await first;
    expect(late).toBeInstanceOf(Error);
    expect((late as Error).message).toMatch(/Only ৳40\.00 .*can still be refunded/);
    expect(leftAtGateway(invoice)).toBe(1_000);
    await expectTallyOfRecords(orderId);
  });

  it('a refund confirmed sent while another admin waits keeps its returned sum', async () => {
    const { orderId, invoice } = await paidOrder();
    gw.sandbox.control.queueRefundFaults({ kind: 'timeout', applied: true });
    const unknown = (await refundThrough(db, orderId, 'original', 6_000)) as { id: string; state: string };
    expect(unknown.state).toBe('unknown');
    const held = holdingDb(db, 'TransactWriteItemsCommand');
    const second = refundThrough(held.db, orderId, 'original', 4_000);
    await held.reached;
    // The first refund is confirmed in the gateway's panel: returned moves, held does not.
    expect((await confirm(orderId, unknown.id, 'sent')).status).toBe(200);
    held.release();
    await second;
    await expectTallyOfRecords(orderId);
    expect((await getTally(db, orderId))!.returned).toBeGreaterThanOrEqual(6_000);
    expect(leftAtGateway(invoice)).toBeLessThanOrEqual(10_000);
  });

  it('a partial original-method refund plus a wallet refund never exceed what was paid', async () => {
    const { u, orderId, invoice } = await paidOrder();
    const part = await refund(orderId, { amount: 4_000, destination: 'original' });
    expect(part.body.refund.state).toBe('sent');
    expect(part.body.refunds.refundable).toBe(6_000);
    expect((await getOrder(db, orderId))?.status).toBe('completed');
    const tooMuch = await refund(orderId, { amount: 6_001, destination: 'wallet' });
    expect(tooMuch.status).toBe(422);
    // The old 'refunded' status credits only the rest.
    const status = await invoke('adminSetOrderStatus', {
      as: admin,
      params: { id: orderId },
      body: { status: 'refunded' },
    });
    expect(status.status).toBe(200);
    expect(await balanceOf(db, u.userId)).toBe(6_000);
    expect(leftAtGateway(invoice)).toBe(4_000);
    const after = await refund(orderId, { amount: 1, destination: 'wallet' });
    expect(after.status).toBe(422);
    const list = await invoke('adminListRefunds', { as: admin, params: { id: orderId } });
    expect(list.body).toMatchObject({ paid: 10_000, held: 10_000, returned: 10_000, refundable: 0 });
  });

  it('a wallet order: no original method; a Send Money is recorded with its TrxID', async () => {
    const u = customer(n++);
    await seedProfile(db, u, 5_000);
    const v = await seedVariant(db, { price: 5_000, codes: 1 });
    const placed = await invoke('placeOrder', {
      as: u,
      headers: { 'Idempotency-Key': rid() },
      body: { variant_id: v.variantId, player_uid: '123456789', payment_method: 'wallet' },
    });
    const orderId = placed.body.order.id as string;
    expect((await refund(orderId, { amount: 5_000, destination: 'original' })).status).toBe(409);
    expect((await refund(orderId, { amount: 5_000, destination: 'send_money' })).status).toBe(400);
    const sent = await refund(orderId, { amount: 5_000, destination: 'send_money', trx_id: 'bkx9y8z7w6' });
    expect(sent.body.refund).toMatchObject({ state: 'sent', trx_id: 'BKX9Y8Z7W6', method: 'send_money' });
    expect(await balanceOf(db, u.userId)).toBe(0);
    expect((await getOrder(db, orderId))?.status).toBe('refunded');
  });

  it('a request id answers only for its own refund: reused for another amount or destination it is refused', async () => {
    const { u, orderId, invoice } = await paidOrder();
    const requestId = rid();
    const first = await refund(orderId, { request_id: requestId, amount: 3_000, destination: 'original' });
    expect(first.body.refund).toMatchObject({ id: requestId, amount: 3_000, state: 'sent' });
    // The same request again (a retry after a lost answer) is the same refund, sent once.
    const retry = await refund(orderId, { request_id: requestId, amount: 3_000, destination: 'original' });
    expect(retry.body.refund).toMatchObject({ id: requestId, amount: 3_000, state: 'sent' });
    // The admin changed the form and the id came along: refused, not read as done.
    for (const changed of [
      { amount: 4_000, destination: 'original' },
      { amount: 3_000, destination: 'wallet' },
    ]) {
      const other = await refund(orderId, { request_id: requestId, ...changed });
      expect(other.status).toBe(409);
      expect(other.body.error.message).toBe(
        'This refund request was already used for a different refund. Please reload.',
      );
    }
    expect(callsFor(invoice)).toBe(1);
    expect(leftAtGateway(invoice)).toBe(3_000);
    expect(await balanceOf(db, u.userId)).toBe(0);
    expect((await listRefunds(db, orderId)).map((r) => r.amount)).toEqual([3_000]);
  });
});

describe('a refund written once, moved once', () => {
  // The tally's condition compares sums only: a refund refused meanwhile gives back what another
  // one took, and the sums are again what a waiting request read. These interleavings make that
  // happen; what then stops the waiting write is the record's own condition.
  it('a double of one refund request, held at its write, never sends that request twice', async () => {
    const { orderId, invoice } = await paidOrder();
    // An earlier refund the gateway failed on: unknown, it holds ৳50.00.
    gw.sandbox.control.queueRefundFaults({ kind: '5xx', applied: false });
    const earlier = (await refundThrough(db, orderId, 'original', 5_000)) as RefundRecord;
    expect(earlier.state).toBe('unknown');
    // The admin double-clicks Refund: both requests carry the dialog's request id. The second one
    // read the order and the tally (held ৳50.00) and waits at its write...
    const requestId = rid();
    const held = holdingDb(db, 'TransactWriteItemsCommand');
    const double = refundThrough(held.db, orderId, 'original', 5_000, requestId);
    await held.reached;
    // ...while the first goes through: the gateway refunds ৳50.00 but its answer is lost.
    gw.sandbox.control.queueRefundFaults({ kind: 'timeout', applied: true });
    expect(await refundThrough(db, orderId, 'original', 5_000, requestId)).toMatchObject({
      id: requestId,
      state: 'unknown',
    });
    // The earlier refund never reached the buyer (the gateway panel says so): the tally's sums are
    // back to what the double read.
    expect((await confirm(orderId, earlier.id, 'refused')).status).toBe(200);
    held.release();
    // The double answers with the first one's record; the gateway saw the request once.
    expect(await double).toMatchObject({ id: requestId, state: 'unknown' });
    expect(leftAtGateway(invoice)).toBe(5_000);
    expect(callsFor(invoice)).toBe(1);
    expect((await listRefunds(db, orderId)).map((r) => [r.id, r.state]).sort()).toEqual(
      [
        [earlier.id, 'refused'],
        [requestId, 'unknown'],
      ].sort(),
    );
    await expectTallyOfRecords(orderId);
  });

  for (const outcome of ['refused', 'sent'] as const)
    it(`an unknown refund confirmed refused, then ${outcome} by a second admin, is decided once`, async () => {
      const { u, orderId, invoice } = await paidOrder();
      gw.sandbox.control.queueRefundFaults({ kind: '5xx', applied: false });
      const unknown = (await refundThrough(db, orderId, 'original', 5_000)) as RefundRecord;
      expect(unknown.state).toBe('unknown');
      // A second admin (or a second click on Confirm) read the refund unknown and waits at its write...
      const held = holdingDb(db, 'TransactWriteItemsCommand');
      const second = confirmRefund(
        { db: held.db, now: () => new Date() },
        { orderId, refundId: unknown.id, outcome, note: 'Checked in the panel', adminId: 'admin-2' },
      ).then(
        (r) => r,
        (e: unknown) => e,
      );
      await held.reached;
      // ...while the first admin confirms it refused and refunds to bKash again, which fails
      // again: unknown, it holds ৳50.00, and the tally's sums are what the second admin read.
      expect((await confirm(orderId, unknown.id, 'refused')).status).toBe(200);
      gw.sandbox.control.queueRefundFaults({ kind: '5xx', applied: false });
      expect(await refundThrough(db, orderId, 'original', 5_000)).toMatchObject({ state: 'unknown' });
      held.release();
      const late = await second;
      if (outcome === 'refused') expect(late).toMatchObject({ id: unknown.id, state: 'refused' });
      else {
        expect(late).toBeInstanceOf(Error);
        expect((late as Error).message).toMatch(/already refused/);
      }
      expect((await listRefunds(db, orderId)).find((r) => r.id === unknown.id)?.state).toBe('refused');
      await expectTallyOfRecords(orderId);
      // The refund still unknown holds its ৳50.00: no more than the rest goes to the wallet.
      expect((await refund(orderId, { amount: 5_001, destination: 'wallet' })).status).toBe(422);
      expect(await balanceOf(db, u.userId)).toBe(0);
      expect(leftAtGateway(invoice)).toBe(0);
    });

  // What may still be refunded is the tally's alone (refund-order.ts, no check of the order): the
  // status route's whole refund moves `returned` (or creates the tally) in its own transaction,
  // so a refund written from a read made before it is refused by the tally.
  for (const earlier of [0, 1_000])
    it(`a refund read before the status route refunded the order is refused by the tally alone (${earlier ? 'after a partial refund' : 'the first refund'})`, async () => {
      const { u, orderId } = await paidOrder();
      if (earlier)
        expect(await refundThrough(db, orderId, 'wallet', earlier)).toMatchObject({ state: 'sent' });
      // What an admin's Refund dialog read...
      const order = (await getOrder(db, orderId))!;
      const read = effectiveTally(order, await getTally(db, orderId));
      expect(read.stored).toBe(earlier > 0);
      // ...before the status route refunded the rest to the wallet.
      const status = await invoke('adminSetOrderStatus', {
        as: admin,
        params: { id: orderId },
        body: { status: 'refunded' },
      });
      expect(status.status).toBe(200);
      expect(await balanceOf(db, u.userId)).toBe(10_000);
      // The refund's record and tally as that admin's request writes them.
      const now = new Date().toISOString();
      const record: RefundRecord = {
        type: 'refund',
        id: rid(),
        order_id: orderId,
        user_id: u.userId,
        amount: 2_000,
        destination: 'send_money',
        state: 'sent',
        method: 'send_money',
        reason: 'Buyer asked',
        message: null,
        trx_id: 'BKX9Y8Z7W6',
        admin_id: 'admin-1',
        created_at: now,
        updated_at: now,
      };
      const refused = await transact(db, [
        putRefundWrite(db.table, record),
        tallyWrite(db.table, orderId, read, tallyAfter(read, record.amount, undefined, 'sent'), now),
      ]).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(WriteRefused);
      expect((refused as WriteRefused).failed).toEqual(['refund_tally']);
      expect(await getTally(db, orderId)).toEqual({ held: 10_000, returned: 10_000 });
    });

  // orderTransitionWrites' 'attribute_not_exists(refunded_at)' (order-items.ts) is marked covered
  // by the tally's condition too: every refund that moves the order carries the tally as read.
  it('a status-route refund read before another one is refused by the tally alone, the order moved back', async () => {
    const { u, orderId } = await paidOrder();
    // Two admins set the order refunded: both read it completed, nothing refunded.
    const order = (await getOrder(db, orderId))!;
    const read = effectiveTally(order, await getTally(db, orderId));
    const setStatus = (status: 'refunded' | 'completed') =>
      invoke('adminSetOrderStatus', { as: admin, params: { id: orderId }, body: { status } });
    expect((await setStatus('refunded')).status).toBe(200);
    expect(await balanceOf(db, u.userId)).toBe(10_000);
    // The first moves it back to completed (the status is again what the second read)...
    expect((await setStatus('completed')).status).toBe(200);
    // ...and the second's order move and refund are written, the order's refunded_at check left out.
    const now = new Date().toISOString();
    const refused = await transact(db, [
      ...orderTransitionWrites(db.table, order, 'refunded', now, { refunded_at: now }),
      ...walletRefundWrites(db.table, order, read, {
        id: rid(),
        amount: 10_000,
        reason: 'Order status set to refunded',
        adminId: 'admin-2',
        now,
      }),
    ]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(WriteRefused);
    expect((refused as WriteRefused).failed).toEqual(['refund_tally']);
    expect((await getOrder(db, orderId))?.status).toBe('completed');
    expect(await getTally(db, orderId)).toEqual({ held: 10_000, returned: 10_000 });
  });

  it('an unpaid order is refused before anything is written', async () => {
    const u = customer(n++);
    await seedProfile(db, u);
    const v = await seedVariant(db, { price: 10_000, codes: 1 });
    const placed = await invoke('placeOrder', {
      as: u,
      headers: { 'Idempotency-Key': rid() },
      body: { variant_id: v.variantId, player_uid: '123456789', payment_method: 'bkash' },
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.order.id as string;
    const answer = await refund(orderId, { amount: 10_000, destination: 'wallet' });
    expect(answer.status).toBe(409);
    expect(await listRefunds(db, orderId)).toEqual([]);
    expect(await getTally(db, orderId)).toBeUndefined();
    expect(await balanceOf(db, u.userId)).toBe(0);
  });
});
