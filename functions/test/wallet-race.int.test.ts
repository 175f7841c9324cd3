import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { gatewayFromConfig } from '../src/clients/uddoktapay';
import { sweep } from '../src/handlers/jobs/sweep-reservations';
import { ensureProfile } from '../src/db/users/profiles';
import { WriteRefused } from '../src/db/transact';
import { applyBalanceChange } from '../src/db/wallet/balance';
import { faultyDb } from './fault-proxy';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import {
  balanceOf,
  invoiceOf,
  ledgerSum,
  seedProfile,
  seedVariant,
  startGateway,
  ledgerEntries,
} from './commerce-fixtures';
import { expectBooksBalanced } from './audit-books';

/**
 * Everything that moves one wallet, at the same moment: admin credits and debits, wallet
 * purchases, refunds, TrxID approvals and gateway top-ups settling. Each change is a read of the
 * balance and a conditional write of the new one, so a lost update (two writers starting from the
 * same balance) would leave the balance off its ledger: this is the test that the balance's
 * `balance = :old` condition is needed.
 */
let db: Db;
let gw: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  db = await freshTable('wallet-race');
  gw = await startGateway(db);
});
afterAll(async () => {
  if (db && gw) await expectBooksBalanced(db, gw.sandbox);
  await gw?.stop();
});

const ledgerOf = (userId: string) => ledgerEntries(db, userId);

const walletOrder = (u: { userId: string; email: string }, variantId: string, key: string) =>
  invoke('placeOrder', {
    as: u,
    headers: { 'Idempotency-Key': key },
    body: { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet' },
  });

describe('what keeps a wallet whole', () => {
  it('a ledger entry is never overwritten: a change reusing an entry id is refused whole', async () => {
    const u = customer(7100);
    await seedProfile(db, u, 1_000);
    const now = new Date().toISOString();
    const change = {
      userId: u.userId,
      delta: 500,
      reason: 'adjustment' as const,
      reference: 'r',
      now,
      entryId: 'ENTRY1',
    };
    await applyBalanceChange(db, change);
    await expect(applyBalanceChange(db, { ...change, delta: -200 })).rejects.toThrow(WriteRefused);
    expect(await balanceOf(db, u.userId)).toBe(1_500);
    expect(await ledgerSum(db, u.userId)).toBe(1_500);
  });

  it('a first visit that read no profile just before another request made it does not reset its balance', async () => {
    const u = customer(7101);
    await seedProfile(db, u, 2_500);
    // The profile read finds nothing (it ran before the other request's write), so ensureProfile
    // goes on to create it: the create must not overwrite the profile that is there now.
    const { db: unseen } = faultyDb(db, 1, 'unseen');
    const profile = await ensureProfile(unseen, { ...u, groups: [], isAdmin: false }, async () => undefined);
    expect(profile.balance).toBe(2_500);
    expect(await balanceOf(db, u.userId)).toBe(2_500);
  });
});

describe('one wallet, every kind of change at once', () => {
  it.each([1, 2])(
    'round %i: the balance is its ledger, never below zero, each change once',
    async (round) => {
      const u = customer(7000 + round);
      const start = 20_000;
      await seedProfile(db, u, start);
      const { variantId } = await seedVariant(db, { price: 3_000, codes: 12 });

      // Set up what will settle during the race: two paid orders to refund, three TrxID requests,
      // two gateway top-ups paid at the gateway but not yet confirmed (no webhook).
      const toRefund = [];
      for (const k of [1, 2]) {
        const r = await walletOrder(u, variantId, `pre-${round}-${k}`);
        expect(r.status).toBe(201);
        toRefund.push(r.body.order.id as string);
      }
      const trx = [];
      for (const k of [1, 2, 3]) {
        const r = await invoke('createManualTopup', {
          as: u,
          body: {
            amount: 1_000 * k,
            payment_method: 'bkash',
            sender_number: '01700000000',
            transaction_id: `RACE${round}T${k}`,
          },
        });
        expect(r.status).toBe(201);
        trx.push(r.body.payment.id as string);
      }
      const invoices = [];
      for (const amount of [1_500, 2_500]) {
        const r = await invoke('createTopup', { as: u, body: { amount, payment_method: 'bkash' } });
        expect(r.status).toBe(201);
        const invoice = invoiceOf(r.body.payment_url);
        await gw.sandbox.control.act(invoice, 'pay', { webhook: 'never' });
        invoices.push(invoice);
      }
      const before = await balanceOf(db, u.userId);
      const entriesBefore = (await ledgerOf(u.userId)).length;

      const adjust = (type: 'credit' | 'debit', amount: number) =>
        invoke('adminWalletAdjustment', { as: admin, body: { user_id: u.userId, type, amount } });
      const calls = await Promise.all([
        ...Array.from({ length: 16 }, () => adjust('credit', 100)),
        ...Array.from({ length: 4 }, () => adjust('debit', 200)),
        ...Array.from({ length: 5 }, (_, k) => walletOrder(u, variantId, `race-${round}-${k}`)),
        ...toRefund.map((id) =>
          invoke('adminSetOrderStatus', { as: admin, params: { id }, body: { status: 'refunded' } }),
        ),
        ...trx.map((id) => invoke('adminApproveManualTopup', { as: admin, params: { id }, body: {} })),
        ...invoices.map((invoice) => invoke('confirmPayment', { as: u, body: { invoice_id: invoice } })),
      ]);
      await gw.sandbox.control.webhooksSettled();
      // Nothing answered 5xx; a busy wallet may refuse (409 'Your wallet is busy'), never half-apply.
      for (const c of calls) expect(c.status, JSON.stringify(c.body)).toBeLessThan(500);
      // A top-up whose confirmation was refused as busy is settled by the sweeper, as on AWS.
      await sweep({ db, now: () => new Date(Date.now() + 3 * 60_000), gateway: () => gatewayFromConfig(db) });

      const balance = await balanceOf(db, u.userId);
      const ledger = await ledgerOf(u.userId);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(await ledgerSum(db, u.userId)).toBe(balance);
      // The entries chain: each starts from the balance another left (or the balance before) and
      // the last leaves the balance now. Two changes computed from the same balance break the chain.
      const newEntries = ledger.slice(entriesBefore);
      const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
      expect(sorted(newEntries.map((e) => e.balance_after - e.amount).concat(balance))).toEqual(
        sorted(newEntries.map((e) => e.balance_after).concat(before)),
      );

      // What succeeded is exactly what the ledger holds.
      const ok = (from: number, n: number) =>
        calls.slice(from, from + n).filter((c) => c.status < 300).length;
      const credits = ok(0, 16);
      const debits = ok(16, 4);
      const orders = ok(20, 5);
      const refunds = ok(25, 2);
      const approvals = ok(27, 3);
      const count = (reason: string) => newEntries.filter((e) => e.reason === reason).length;
      expect(count('adjustment')).toBe(credits + debits);
      expect(count('order')).toBe(orders);
      expect(count('refund')).toBe(refunds);
      expect(count('manual_topup')).toBe(approvals);
      expect(count('topup')).toBe(2);
      const sum = newEntries.reduce((s, e) => s + e.amount, 0);
      expect(balance).toBe(before + sum);
    },
  );
});
