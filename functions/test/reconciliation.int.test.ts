import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { indexKeys, keys, timeKey } from '../src/db/keys';
import { handler as reconcileJob } from '../src/handlers/jobs/reconcile-day';
import { setClock } from '../src/runtime/clock';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { invoiceOf, seedProfile, startGateway } from './commerce-fixtures';

/**
 * The daily reconciliation (issue 34) through its admin routes and its job, against DynamoDB Local
 * and the sandbox gateway: a clean day, one seeded break of each kind, a re-run, refusals.
 */

let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
const dhakaDay = (ms: number) => new Date(ms + 6 * 3600_000).toISOString().slice(0, 10);
const today = dhakaDay(Date.now());
const run = (day = today) => invoke('adminRunReconciliation', { as: admin, params: { day } });
const found = (report: { breaks: Array<{ id: string }> }) => report.breaks.map((b) => b.id).sort();

beforeAll(async () => {
  process.env.GATEWAY_INVOICE_LIST = 'sandbox';
  db = await freshTable('recon');
  gw = await startGateway(db);
});
afterAll(async () => {
  setClock(undefined);
  await gw?.stop();
});

/** A gateway top-up of `n`'s wallet, paid at the sandbox; confirmed by the return page unless told not to. */
async function paidTopup(n: number, opts: { confirm?: boolean } = {}) {
  const u = customer(n);
  await seedProfile(db, u);
  const res = await invoke('createTopup', { as: u, body: { amount: 50_000, payment_method: 'bkash' } });
  expect(res.status).toBe(201);
  const invoice = invoiceOf(res.body.payment_url);
  await gw.sandbox.control.act(invoice, 'pay', { webhook: 'never' });
  if (opts.confirm !== false)
    expect((await invoke('confirmPayment', { as: u, body: { invoice_id: invoice } })).status).toBe(200);
  return { u, invoice, paymentId: res.body.payment.id as string };
}

async function manualTopup(n: number, trx: string) {
  const u = customer(n);
  await seedProfile(db, u);
  const res = await invoke('createManualTopup', {
    as: u,
    body: { amount: 30_000, payment_method: 'bkash', sender_number: '01711111111', transaction_id: trx },
  });
  expect(res.status).toBe(201);
  return { u, paymentId: res.body.payment.id as string };
}

describe('daily reconciliation', () => {
  it('finds no break on a clean day with gateway, manual and wallet money', async () => {
    await paidTopup(1);
    const manual = await manualTopup(2, 'CLEAN1TRX');
    const approved = await invoke('adminApproveManualTopup', {
      as: admin,
      params: { id: manual.paymentId },
      body: {},
    });
    expect(approved.status).toBe(200);
    const res = await run();
    expect(res.status).toBe(200);
    expect(res.body.report.breaks).toEqual([]);
    expect(res.body.report.checked).toMatchObject({ gateway_invoices: 1, manual_payments: 1, wallets: 2 });
    expect(res.body.report.gateway_listed).toBe(true);
  });

  const expected: string[] = [];
  it('finds exactly the seeded breaks, one of each kind', async () => {
    // missing_in_shop: paid at the gateway, never reported to the shop, naming nothing of it.
    const outside = await gw.sandbox.control.payOutside('250.00');
    // amount_mismatch: settled, then the gateway's amount differs.
    const edited = await paidTopup(3);
    await gw.sandbox.control.edit(edited.invoice, { paidAmount: '499.00' });
    // status_mismatch: paid at the gateway, still pending in the shop (no webhook, no return page).
    const unsettled = await paidTopup(4, { confirm: false });
    // missing_at_gateway: a completed gateway payment whose invoice the gateway does not know.
    const ghost = customer(5);
    await seedProfile(db, ghost);
    const now = new Date().toISOString();
    const ghostId = `ghost-${Date.now()}`;
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.payment(ghostId),
          type: 'payment',
          id: ghostId,
          kind: 'topup',
          user_id: ghost.userId,
          amount: 10_000,
          paid_amount: 10_000,
          payment_method: 'bkash',
          payment_provider: 'uddoktapay',
          status: 'completed',
          invoice_hint: 'noSuchInvoice123',
          created_at: now,
          updated_at: now,
          gsi2pk: indexKeys.allPayments(ghostId),
          gsi2sk: timeKey(now, ghostId),
        },
      }),
    );
    // A manual request credited with neither a matched SMS nor an admin's decision.
    const forged = await manualTopup(6, 'FORGED1TRX');
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.payment(forged.paymentId),
        UpdateExpression: 'SET #s = :c',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':c': 'completed' },
      }),
    );
    // ledger_mismatch: an adjustment today, then the balance moved without a ledger line.
    const drifted = customer(7);
    await seedProfile(db, drifted, 1_000);
    const adjusted = await invoke('adminWalletAdjustment', {
      as: admin,
      body: { user_id: drifted.userId, type: 'credit', amount: 5_000, payment_method: 'cash' },
    });
    expect(adjusted.status).toBe(201);
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.profile(drifted.userId),
        UpdateExpression: 'SET balance = balance + :d',
        ExpressionAttributeValues: { ':d': 500 },
      }),
    );

    expected.push(
      `missing_in_shop.gateway.${outside}`,
      `amount_mismatch.gateway.${edited.paymentId}`,
      `status_mismatch.gateway.${unsettled.paymentId}`,
      `missing_at_gateway.gateway.${ghostId}`,
      `missing_at_gateway.manual.${forged.paymentId}`,
      `ledger_mismatch.wallet.${drifted.userId}`,
    );
    const res = await run();
    expect(res.status).toBe(200);
    expect(found(res.body.report)).toEqual([...expected].sort());
    const amount = res.body.report.breaks.find((b: { kind: string }) => b.kind === 'amount_mismatch');
    expect(amount).toMatchObject({ shop: '500.00', other: '499.00', resolved_at: null });
    const read = await invoke('adminGetReconciliation', { as: admin, params: { day: today } });
    expect(read.body.report).toEqual(res.body.report);
  });

  it('a re-run replaces the report and keeps the resolution of a break found again', async () => {
    const first = (await invoke('adminGetReconciliation', { as: admin, params: { day: today } })).body.report;
    const amountBreak = first.breaks.find((b: { kind: string }) => b.kind === 'amount_mismatch');
    const resolved = await invoke('adminResolveBreak', {
      as: admin,
      params: { day: today, id: amountBreak.id },
      body: { note: 'Asked UddoktaPay: their panel shows 499; refunded 1 taka by hand' },
    });
    expect(resolved.status).toBe(200);
    const marked = resolved.body.report.breaks.find((b: { id: string }) => b.id === amountBreak.id);
    expect(marked).toMatchObject({
      resolved_by: admin.userId,
      resolution_note: expect.stringContaining('499'),
    });
    expect(marked.resolved_at).not.toBeNull();
    const missing = await invoke('adminResolveBreak', {
      as: admin,
      params: { day: today, id: 'no_such_break' },
      body: { note: 'x' },
    });
    expect(missing.status).toBe(404);

    // Fix the drifted wallet: the re-run no longer finds its break, and finds the rest again.
    const drifted = customer(7);
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.profile(drifted.userId),
        UpdateExpression: 'SET balance = balance - :d',
        ExpressionAttributeValues: { ':d': 500 },
      }),
    );
    const again = await run();
    expect(again.status).toBe(200);
    expect(found(again.body.report)).toEqual(
      expected.filter((id) => !id.startsWith('ledger_mismatch')).sort(),
    );
    expect(again.body.report.ran_at >= first.ran_at).toBe(true);
    const kept = again.body.report.breaks.find((b: { id: string }) => b.id === amountBreak.id);
    expect(kept).toMatchObject({ resolved_by: admin.userId, resolved_at: marked.resolved_at });
    const stored = await invoke('adminGetReconciliation', { as: admin, params: { day: today } });
    expect(stored.body.report).toEqual(again.body.report);
  });

  it('the hourly job reconciles the previous Dhaka day once', async () => {
    // Two days on: the job's day is tomorrow, which holds nothing yet.
    const later = Date.now() + 2 * 86_400_000;
    setClock(() => new Date(later));
    try {
      const first = await reconcileJob();
      expect(first).toEqual({ day: dhakaDay(later - 86_400_000), written: true, breaks: 0 });
      expect((await reconcileJob()).written).toBe(false);
    } finally {
      setClock(undefined);
    }
  });

  it('refuses non-admins and days that are not days', async () => {
    const u = customer(8);
    const asCustomer = [
      await invoke('adminGetReconciliation', { as: u, params: { day: today } }),
      await invoke('adminRunReconciliation', { as: u, params: { day: today } }),
      await invoke('adminResolveBreak', { as: u, params: { day: today, id: 'x' }, body: { note: 'x' } }),
    ];
    expect(asCustomer.map((r) => r.status)).toEqual([403, 403, 403]);
    expect((await invoke('adminRunReconciliation', { params: { day: today } })).status).toBe(401);
    expect(
      (await invoke('adminRunReconciliation', { as: admin, params: { day: '2026-13-45' } })).status,
    ).toBe(400);
  });
});
