import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getItem } from '../src/db/batch-get';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import type { PaymentItem } from '../src/db/payments/payment-items';
import {
  clearBalanceChain,
  readBalanceChain,
  smsDecisionWrite,
  smsReopenWrite,
  storeSms,
  type SmsItem,
} from '../src/db/payments/sms-items';
import { writeReceivingAccounts } from '../src/db/site/receiving-accounts';
import { transact, WriteRefused } from '../src/db/transact';
import { applyBalanceChange } from '../src/db/wallet/balance';
import { expireRequestWrites, requestReviewWrite, smsCreditWrites } from '../src/db/wallet/manual-sms';
import { readTrxClaim } from '../src/db/wallet/trx-claim';
import { bkashSendMoneyText } from '../src/domain/payments/sms/compose-sms';
import { freshTable } from '../../test/db';
import { customer, invoke } from '../../test/invoke';
import { balanceOf, seedProfile } from './commerce-fixtures';

/*
 * The conditions of the SMS-verified top-ups (db/payments/sms-items.ts, db/wallet/manual-sms.ts),
 * each shown necessary (issue 29): the state a racing matcher, admin or second delivery would meet
 * is set up, and the db write the race would send is refused. No stream matcher runs here, so
 * nothing decides a request or an SMS but the test itself.
 */

let db: Db;
let n = 36_000;
const MAIN = '01711000011';
const NOW = () => new Date().toISOString();

beforeAll(async () => {
  db = await freshTable('sms-guards');
  await writeReceivingAccounts(
    db,
    { wallets: [{ provider: 'bkash', number: MAIN, type: 'personal' }], banks: [] },
    new Date(),
  );
}, 30_000);

const trxOf = (tag: string) => `${tag}${n++}`.padEnd(10, '0').slice(0, 10).toUpperCase();

/** One SMS as the intake stores it, on `number`'s account with the balance the phone shows. */
const receive = (number: string, p: { trx: string; amount: number; balance: number }) =>
  storeSms(
    db,
    {
      messageId: randomUUID(),
      deviceId: `device-${number}`,
      receivingNumber: number,
      sender: 'bKash',
      text: bkashSendMoneyText({
        amount: p.amount,
        from: '01812345678',
        balance: p.balance,
        trxId: p.trx,
        at: new Date().toISOString(),
      }),
    },
    new Date(),
  ).then((r) => r.sms);

/** A buyer's waiting TrxID request, through its route. */
async function waitingRequest(trx: string, amount = 50_000) {
  const u = customer(n++);
  await seedProfile(db, u);
  const r = await invoke('createManualTopup', {
    as: u,
    sourceIp: '198.51.100.7',
    body: {
      amount,
      payment_method: 'bkash',
      sender_number: '01812345678',
      transaction_id: trx,
      receiving_number: MAIN,
    },
  });
  expect(r.status).toBe(201);
  return { user: u, payment: (await getItem<PaymentItem>(db, keys.payment(r.body.payment.id)))! };
}

const paymentOf = (id: string) => getItem<PaymentItem>(db, keys.payment(id));
const smsOf = (id: string) => getItem<SmsItem>(db, keys.sms(id));
const refused = async (p: Promise<unknown>, write: string) => {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WriteRefused);
  expect((error as WriteRefused).failed).toContain(write);
};

describe('a request in the admin’s review is the admin’s alone', () => {
  it('the matcher (read before the review) cannot credit it, nor the expiry expire it', async () => {
    const trx = trxOf('RVW');
    const { user, payment } = await waitingRequest(trx);
    const sms = await receive(MAIN, { trx, amount: 50_000, balance: 2_000_000 });
    // Sent to review after the matcher and the expiry read it as waiting.
    await transact(db, [requestReviewWrite(db.table, payment.id, { control: 'amount', now: NOW() })]);
    const credit = { userId: user.userId, delta: payment.amount, reason: 'manual_topup' as const };
    await refused(
      applyBalanceChange(db, { ...credit, reference: payment.id, now: NOW() }, () =>
        smsCreditWrites(db.table, payment, sms.id, NOW()),
      ),
      'payment',
    );
    const claim = await readTrxClaim(db, trx);
    await refused(
      transact(
        db,
        expireRequestWrites(db.table, payment, NOW(), claim && { oldShape: claim.payment_id === payment.id }),
      ),
      'payment',
    );
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'pending', sms_review: 'amount' });
    expect(await balanceOf(db, user.userId)).toBe(0);
    expect((await smsOf(sms.id))?.status).toBe('waiting');
  });

  it('a review is written once, and never on a request already decided', async () => {
    const { payment } = await waitingRequest(trxOf('RVO'));
    await transact(db, [requestReviewWrite(db.table, payment.id, { control: 'amount', now: NOW() })]);
    // A second consumer's review would overwrite the control the admin is shown.
    await refused(
      transact(db, [requestReviewWrite(db.table, payment.id, { control: 'claimed_twice', now: NOW() })]),
      'payment',
    );
    expect((await paymentOf(payment.id))?.sms_review).toBe('amount');

    // A request credited (or expired) meanwhile is not put in the admin's queue afterwards.
    const expired = await waitingRequest(trxOf('RVE'));
    const claim = await readTrxClaim(db, expired.payment.transaction_id!);
    await transact(
      db,
      expireRequestWrites(
        db.table,
        expired.payment,
        NOW(),
        claim && { oldShape: claim.payment_id === expired.payment.id },
      ),
    );
    await refused(
      transact(db, [requestReviewWrite(db.table, expired.payment.id, { control: 'amount', now: NOW() })]),
      'payment',
    );
    expect(await paymentOf(expired.payment.id)).toMatchObject({ status: 'expired' });
    expect((await paymentOf(expired.payment.id))?.sms_review).toBeUndefined();
  });
});

describe('an SMS is decided once', () => {
  it('a matched SMS is neither decided again nor reopened by a rejection', async () => {
    const sms = await receive(MAIN, { trx: trxOf('DEC'), amount: 10_000, balance: 3_000_000 });
    await transact(db, [smsDecisionWrite(db.table, sms.id, 'matched', { paymentId: 'p-1', now: NOW() })]);
    await refused(
      transact(db, [
        smsDecisionWrite(db.table, sms.id, 'review', { control: 'amount', paymentId: 'p-2', now: NOW() }),
      ]),
      'sms',
    );
    // Reopened, a matched SMS would wait again and credit a second request.
    await refused(transact(db, [smsReopenWrite(db.table, sms.id, NOW())]), 'sms_reopen');
    expect(await smsOf(sms.id)).toMatchObject({ status: 'matched', payment_id: 'p-1' });
  });
});

describe("a receiving account's balance chain moves once per SMS", () => {
  const chainOf = (number: string) =>
    getItem<{ seq: number; broken_since?: string }>(db, keys.balanceChain('bkash', number));

  it('five first SMS of a new account at once: one starts the chain, each moves it once', async () => {
    const number = '01711000021';
    const sms = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        receive(number, { trx: trxOf(`FST${i}`), amount: 10_000, balance: 1_000_000 + i * 10_000 }),
      ),
    );
    expect(sms.filter((s) => s.chain === 'start')).toHaveLength(1);
    expect((await chainOf(number))?.seq).toBe(5);
  });

  it('five SMS of one account at once queue: each moves the chain once, a gap is never lost', async () => {
    const number = '01711000022';
    await receive(number, { trx: trxOf('BASE'), amount: 10_000, balance: 1_000_000 });
    const sms = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        receive(number, { trx: trxOf(`RUN${i}`), amount: 10_000, balance: 1_000_000 + i * 10_000 }),
      ),
    );
    const chain = await chainOf(number);
    expect(chain?.seq).toBe(6);
    // Whatever order they were stored in, an SMS judged broken leaves the chain broken.
    if (sms.some((s) => s.chain === 'broken')) expect(chain?.broken_since).toBeDefined();
  });

  it('clearing an account with no chain changes nothing', async () => {
    expect(await clearBalanceChain(db, 'bkash', '01711000099')).toBe(false);
    expect(await readBalanceChain(db, 'bkash', '01711000099')).toBeUndefined();
  });
});
