import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { freshTable } from '../../test/db';
import { admin, customer, invoke, type ItemOf } from '../../test/invoke';
import { API_KEY, balanceOf, invoiceOf, ledgerSum, seedProfile, startGateway } from './commerce-fixtures';
import { expectBooksBalanced } from './audit-books';
import { expectListed, idsInEveryShard, putItems, rawPayment } from './list-fixtures';

let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;

beforeAll(async () => {
  db = await freshTable('wallet');
  gw = await startGateway(db);
});
afterAll(async () => {
  if (db && gw) await expectBooksBalanced(db, gw.sandbox); // the shop-wide check after the file
  await gw?.stop();
});

describe('gateway top-ups', () => {
  it('validates amount and method', async () => {
    const u = customer(1);
    await seedProfile(db, u);
    const missing = await invoke('createTopup', { as: u, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Please select amount and payment method');
    expect(
      (await invoke('createTopup', { as: u, body: { amount: 999, payment_method: 'bkash' } })).status,
    ).toBe(400);
    expect(
      (await invoke('createTopup', { as: u, body: { amount: 2_500_001, payment_method: 'bkash' } })).status,
    ).toBe(400);
    expect(
      (await invoke('createTopup', { as: u, body: { amount: 1000, payment_method: 'cash' } })).status,
    ).toBe(400);
  });

  it('credits once on the return page, however often it is called', async () => {
    const u = customer(2);
    await seedProfile(db, u);
    const res = await invoke('createTopup', {
      as: u,
      body: { amount: 100000, payment_method: 'nagad', balance: 99999999 },
    });
    expect(res.status).toBe(201);
    const invoice = invoiceOf(res.body.payment_url);
    expect(gw.sandbox.control.invoices().find((i) => i.invoice_id === invoice)?.amount).toBe('1000.00');
    await gw.sandbox.control.act(invoice, 'pay', { webhook: 'once' });
    const confirms = await Promise.all(
      [1, 2, 3].map(() => invoke('confirmPayment', { as: u, body: { invoice_id: invoice } })),
    );
    await gw.sandbox.control.webhooksSettled();
    expect(confirms.every((c) => c.status === 200)).toBe(true);
    expect(await balanceOf(db, u.userId)).toBe(100000);
    const ledger = await invoke('walletLedger', { as: u });
    expect(ledger.body.balance).toBe(100000);
    expect(ledger.body.items).toHaveLength(1);
    expect(ledger.body.items[0].reason).toBe('topup');
  });
});

describe('manual top-ups', () => {
  it('a TrxID is used once in the whole shop; approval credits once', async () => {
    const a = customer(3);
    const b = customer(4);
    await seedProfile(db, a);
    await seedProfile(db, b);
    const body = {
      amount: 50000,
      payment_method: 'bkash',
      sender_number: '01711111111',
      transaction_id: 'TRX9X8Y7',
    };
    const first = await invoke('createManualTopup', { as: a, body });
    expect(first.status).toBe(201);
    const own = await invoke('listManualTopups', { as: a });
    expect(own.body.items.map((p: ItemOf<'listManualTopups'>) => p.id)).toEqual([first.body.payment.id]);
    const queue = await invoke('adminListManualTopups', { as: admin, query: { status: 'pending' } });
    expect(queue.body.items.map((p: ItemOf<'adminListManualTopups'>) => p.id)).toContain(
      first.body.payment.id,
    );
    const approvals = await Promise.all(
      [1, 2, 3].map(() =>
        invoke('adminApproveManualTopup', { as: admin, params: { id: first.body.payment.id }, body: {} }),
      ),
    );
    expect(approvals.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await balanceOf(db, a.userId)).toBe(50000);
    expect(await ledgerSum(db, a.userId)).toBe(50000);
    // Credited: the TrxID is used for good (trxid-holes.int.test.ts: while it waits, another claim is shown beside it).
    const dup = await invoke('createManualTopup', { as: b, body: { ...body, transaction_id: 'trx9x8y7' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe('This transaction ID has already been used');
    expect(
      (await invoke('adminRejectManualTopup', { as: admin, params: { id: first.body.payment.id }, body: {} }))
        .status,
    ).toBe(409);
  });

  it('a rejected request credits nothing', async () => {
    const u = customer(5);
    await seedProfile(db, u);
    const req = await invoke('createManualTopup', {
      as: u,
      body: {
        amount: 2000,
        payment_method: 'bank_transfer',
        sender_number: '1234567890',
        transaction_id: 'BANK-0001',
      },
    });
    const rej = await invoke('adminRejectManualTopup', {
      as: admin,
      params: { id: req.body.payment.id },
      body: { note: 'not received' },
    });
    expect(rej.body.payment.status).toBe('rejected');
    expect(await balanceOf(db, u.userId)).toBe(0);
  });
});

describe('admin adjustments and demo top-up', () => {
  it('credits, debits, refuses a debit below zero, validates', async () => {
    const u = customer(6);
    await seedProfile(db, u);
    const credit = await invoke('adminWalletAdjustment', {
      as: admin,
      body: { user_id: u.userId, type: 'credit', amount: 30000, payment_method: 'cash' },
    });
    expect(credit.status).toBe(201);
    expect(credit.body.balance).toBe(30000);
    expect(credit.body.payment.status).toBe('completed');
    const debit = await invoke('adminWalletAdjustment', {
      as: admin,
      body: { user_id: u.userId, type: 'debit', amount: 10000 },
    });
    expect(debit.body.balance).toBe(20000);
    const tooMuch = await invoke('adminWalletAdjustment', {
      as: admin,
      body: { user_id: u.userId, type: 'debit', amount: 20001 },
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.message).toBe('Insufficient balance');
    const missing = await invoke('adminWalletAdjustment', { as: admin, body: { type: 'credit' } });
    expect(missing.body.error.message).toBe('Please fill all required fields');
    const nan = await invoke('adminWalletAdjustment', {
      as: admin,
      body: { user_id: u.userId, type: 'credit', amount: 'abc' },
    });
    expect(nan.body.error.message).toBe('Please enter a valid amount');
    const unknown = await invoke('adminWalletAdjustment', {
      as: admin,
      body: { user_id: 'nobody', type: 'credit', amount: 100 },
    });
    expect(unknown.status).toBe(404);
    const demo = await invoke('adminDemoTopup', { as: admin, params: { id: u.userId } });
    expect(demo.body.message).toBe('Payment successful');
    expect(demo.body.payment.payment_method).toBe('uddoktapay');
    expect(await balanceOf(db, u.userId)).toBe(30000);
    expect(await ledgerSum(db, u.userId)).toBe(30000);
    const payments = await invoke('adminListPayments', { as: admin, query: { limit: '2' } });
    expect(payments.body.items).toHaveLength(2);
    expect(payments.body.items[0].kind).toBe('demo_topup');
    const next = await invoke('adminListPayments', {
      as: admin,
      query: { limit: '2', cursor: payments.body.cursor },
    });
    expect(next.body.items[0].id).not.toBe(payments.body.items[0].id);
    expect(
      (
        await invoke('adminWalletAdjustment', {
          as: u,
          body: { user_id: u.userId, type: 'credit', amount: 1 },
        })
      ).status,
    ).toBe(403);
  });
});

describe('admin payments: one list over 16 index partitions', () => {
  it('pages every payment exactly once, newest first, ties by id; a changed cursor is a 400', async () => {
    // Seven payments share each timestamp, far ahead of the others: page ends fall inside ties.
    const ids = idsInEveryShard('list-payment', 3);
    await putItems(
      db,
      ids.map((id, i) => rawPayment(id, `2099-02-01T00:00:0${i % 7}.000Z`)),
    );
    const payments = { type: 'payment', route: 'adminListPayments' as const };
    for (const limit of [1, 5, 48])
      expect((await expectListed(db, payments, limit)).length).toBeGreaterThan(48);
    // A real cursor whose sort key was moved (its signature kept) is refused.
    const first = await invoke('adminListPayments', { as: admin, query: { limit: '2' } });
    const [payload, signature] = (first.body.cursor as string).split('.') as [string, string];
    const moved = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    moved.k.gsi2sk = '2000-01-01T00:00:00.000Z#x';
    const foreign = `${Buffer.from(JSON.stringify(moved), 'utf8').toString('base64url')}.${signature}`;
    const res = await invoke('adminListPayments', { as: admin, query: { cursor: foreign } });
    expect({ status: res.status, code: res.body.error?.code }).toEqual({
      status: 400,
      code: 'invalid_cursor',
    });
  });
});

describe('gateway configuration', () => {
  it('masks the key, keeps it when saved empty, tests the connection', async () => {
    const got = await invoke('adminGetGateway', { as: admin });
    expect(got.body.api_key_masked).toBe(`••••${API_KEY.slice(-4)}`);
    expect(JSON.stringify(got.body)).not.toContain(API_KEY);
    const saved = await invoke('adminSaveGateway', {
      as: admin,
      body: {
        provider_name: 'UddoktaPay',
        api_key: '',
        base_url: gw.sandbox.url,
        webhook_url: gw.webhookUrl,
        is_active: true,
      },
    });
    expect(saved.body.message).toBe('API configuration saved successfully');
    expect(saved.body.config.api_key_masked).toBe(`••••${API_KEY.slice(-4)}`);
    expect((await invoke('adminTestGateway', { as: admin })).body.ok).toBe(true);
    await invoke('adminSaveGateway', {
      as: admin,
      body: { api_key: 'wrong-key-0000', base_url: gw.sandbox.url, webhook_url: gw.webhookUrl },
    });
    const bad = await invoke('adminTestGateway', { as: admin });
    expect(bad.body.ok).toBe(false);
    await invoke('adminSaveGateway', {
      as: admin,
      body: { api_key: API_KEY, base_url: gw.sandbox.url, webhook_url: gw.webhookUrl },
    });
    expect((await invoke('adminTestGateway', { as: admin })).body.ok).toBe(true);
  });
});
