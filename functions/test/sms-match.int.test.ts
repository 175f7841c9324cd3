import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { streamConsumers } from '@khelaghor/contract';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { getItem } from '../src/db/batch-get';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import type { PaymentItem } from '../src/db/payments/payment-items';
import { clearBalanceChain, storeSms, type SmsItem } from '../src/db/payments/sms-items';
import { writeReceivingAccounts } from '../src/db/site/receiving-accounts';
import { bkashSendMoneyText } from '../src/domain/payments/sms/compose-sms';
import { loadHandler } from '../src/handlers/load';
import { expireManualTopups } from '../src/use-cases/wallet/sms-expiry';
import { freshTable } from '../../test/db';
import { admin, customer, invoke, type ItemOf } from '../../test/invoke';
import { startStreamPoller, type StreamPoller } from '../../local/src/stream-poller';
import { balanceOf, ledgerSum, seedProfile } from './commerce-fixtures';

/*
 * Send Money verified from the shop's SMS (issue 32), through the handlers on DynamoDB Local: the
 * buyer's request through its route, the SMS stored as the intake stores it, and the matcher fed
 * by the table's stream as on AWS. Every control, both orders of arrival, the squatting case and
 * the expiry that gives a TrxID back.
 */

let db: Db;
let poller: StreamPoller;
let n = 33_000;
const NUMBERS = ['01711000001', '01711000002', '01711000003', '01711000004'];

async function buyer() {
  const u = customer(n++);
  await seedProfile(db, u);
  return u;
}

/** A receiving phone: its account's running balance, each SMS forwarded as the intake stores it. */
function phone(number: string, start = 1_000_000) {
  let balance = start;
  return {
    number,
    async receive(p: {
      trx: string;
      amount: number;
      at?: string;
      forgedBalance?: number;
      messageId?: string;
    }) {
      if (p.forgedBalance === undefined) balance += p.amount;
      const text = bkashSendMoneyText({
        amount: p.amount,
        from: '01812345678',
        balance: p.forgedBalance ?? balance,
        trxId: p.trx,
        at: p.at ?? new Date().toISOString(),
      });
      const { sms } = await storeSms(
        db,
        {
          messageId: p.messageId ?? randomUUID(),
          deviceId: `device-${number}`,
          receivingNumber: number,
          sender: 'bKash',
          text,
        },
        new Date(),
      );
      return sms;
    },
  };
}
const phones = NUMBERS.map((num) => phone(num));
const [main, second, chainPhone, freshPhone] = phones as [
  ReturnType<typeof phone>,
  ReturnType<typeof phone>,
  ReturnType<typeof phone>,
  ReturnType<typeof phone>,
];

beforeAll(async () => {
  db = await freshTable('sms-match', { stream: true });
  await writeReceivingAccounts(
    db,
    { wallets: NUMBERS.map((number) => ({ provider: 'bkash', number, type: 'personal' })), banks: [] },
    new Date(),
  );
  const match = (await loadHandler('jobs/match-sms')) as unknown as (
    event: DynamoDBStreamEvent,
  ) => Promise<DynamoDBBatchResponse>;
  poller = await startStreamPoller({
    endpoint: inject('dynamodbEndpoint'),
    tableName: db.table,
    keyPrefixes: streamConsumers.smsMatcher.keyPrefixes,
    eventNames: streamConsumers.smsMatcher.eventNames,
    backoffMs: 50,
    attempts: 4,
    idleMs: 50,
    handler: (event) => match(event),
  });
  // Each phone received payments before: its balance chain starts at an SMS nobody asks about.
  for (const [i, p] of [main, second, chainPhone].entries())
    await p.receive({ trx: `BASELINE0${i}`, amount: 1_000 });
}, 30_000);
afterAll(async () => {
  await poller?.stop();
});

let ip = 1;
const request = (
  as: { userId: string; email: string },
  trx: string,
  amount: number,
  receivingNumber: string | undefined = main.number,
) =>
  invoke('createManualTopup', {
    as,
    sourceIp: `198.51.100.${ip++ % 250}`,
    body: {
      amount,
      payment_method: 'bkash',
      sender_number: '01812345678',
      transaction_id: trx,
      ...(receivingNumber && { receiving_number: receivingNumber }),
    },
  });

const paymentOf = (id: string) => getItem<PaymentItem>(db, keys.payment(id));
const smsOf = (id: string) => getItem<SmsItem>(db, keys.sms(id));

/** Waits for the matcher's decision (an event, never a fixed sleep), up to 10 s. */
async function until<T>(
  read: () => Promise<T | undefined>,
  done: (v: T | undefined) => boolean,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const v = await read();
    if (v !== undefined && done(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const credited = (id: string) =>
  until(
    () => paymentOf(id),
    (p) => p?.status === 'completed',
    'the credit',
  );
const reviewed = (id: string) =>
  until(
    () => paymentOf(id),
    (p) => !!p?.sms_review,
    'the review',
  );

const trxOf = (tag: string) => `${tag}${n}`.padEnd(10, '0').slice(0, 10).toUpperCase();

describe('either order of arrival credits at once', () => {
  it('the SMS first, then the request: credited, the SMS matched and linked to the payment', async () => {
    const u = await buyer();
    const trx = trxOf('SMSF');
    const sms = await main.receive({ trx, amount: 50_000 });
    const r = await request(u, trx, 50_000);
    expect(r.status).toBe(201);
    const paid = await credited(r.body.payment.id);
    expect(paid.sms_id).toBe(sms.id);
    expect(await balanceOf(db, u.userId)).toBe(50_000);
    expect(await ledgerSum(db, u.userId)).toBe(50_000);
    expect(await smsOf(sms.id)).toMatchObject({ status: 'matched', payment_id: r.body.payment.id });
    expect((await getItem<Record<string, unknown>>(db, keys.trxId(trx)))?.approved_payment_id).toBe(
      r.body.payment.id,
    );
    expect((await getItem<{ pending: number }>(db, keys.manualPending(u.userId)))?.pending).toBe(0);
    // The TrxID is used now: nobody names it again.
    expect((await request(await buyer(), trx, 50_000)).body.error.reason).toBe('trxid_used');
  });

  it('the request first, then the SMS: credited', async () => {
    const u = await buyer();
    const trx = trxOf('REQF');
    const r = await request(u, trx, 75_000);
    expect(r.body.payment.expires_at).toBeDefined();
    expect(r.body.payment.receiving_number).toBe(main.number);
    const sms = await main.receive({ trx, amount: 75_000 });
    expect((await credited(r.body.payment.id)).sms_id).toBe(sms.id);
    expect(await balanceOf(db, u.userId)).toBe(75_000);
  });

  it('a receiving number the shop does not show for the method is refused, nothing written', async () => {
    const r = await request(await buyer(), trxOf('NOTS'), 50_000, '01799999999');
    expect(r.status).toBe(400);
    expect(r.body.error.reason).toBe('receiving_number_choose');
    expect(await getItem(db, keys.trxId(trxOf('NOTS')))).toBeUndefined();
  });

  it('two buyers paying the same amount at the same moment each get their own, in 4 rounds', async () => {
    for (let round = 0; round < 4; round++) {
      const [a, b] = [await buyer(), await buyer()];
      const [ta, tb] = [trxOf(`SAMEA${round}`), trxOf(`SAMEB${round}`)];
      // The phone forwards in the order it receives; the requests race them.
      const [ra, rb] = await Promise.all([
        request(a, ta, 50_000),
        request(b, tb, 50_000),
        (async () => {
          await main.receive({ trx: tb, amount: 50_000 });
          await main.receive({ trx: ta, amount: 50_000 });
        })(),
      ]);
      await credited(ra!.body.payment.id);
      await credited(rb!.body.payment.id);
      expect(await balanceOf(db, a.userId)).toBe(50_000);
      expect(await balanceOf(db, b.userId)).toBe(50_000);
      expect((await paymentOf(ra!.body.payment.id))?.transaction_id).toBe(ta);
    }
  });
});

describe('a model of concurrent buyers, squatters and SMS (fast-check, shrinking)', () => {
  it('whatever the order of arrival, each honest buyer is credited once with their own money; a squatter never', async () => {
    const arrival = fc.record({
      amounts: fc.array(fc.constantFrom(50_000, 50_000, 30_000), { minLength: 2, maxLength: 3 }),
      squat: fc.nat({ max: 3 }),
      smsFirst: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(arrival, async ({ amounts, squat, smsFirst }) => {
        const buyers = await Promise.all(amounts.map(() => buyer()));
        const squatter = await buyer();
        const trxs = amounts.map((_, i) => trxOf(`MDL${i}`));
        // Each buyer's request races the phone; the phone forwards its SMS in the order it received them.
        const phoneRun = (async () => {
          for (const [i, amount] of amounts.entries()) {
            if (!smsFirst[i]) await new Promise((r) => setTimeout(r, 20));
            await main.receive({ trx: trxs[i]!, amount });
          }
        })();
        // The squatter asks once the buyer whose TrxID it copied has asked (it learnt it somewhere):
        // a claim made first by someone who knows TrxID, amount and number cannot be told from the
        // payer's, so that order is the promise. The phone's SMS still race both.
        const honest = Promise.all(buyers.map((u, i) => request(u, trxs[i]!, amounts[i]!)));
        const squatting = honest.then(() =>
          squat < amounts.length ? request(squatter, trxs[squat]!, amounts[squat]!) : undefined,
        );
        const [requests, squatted] = await Promise.all([honest, squatting, phoneRun]);
        const decided = (id: string) =>
          until(
            () => paymentOf(id),
            (p) => p?.status === 'completed' || !!p?.sms_review,
            'a decision',
          );
        // Every honest request is taken (a refusal says which it was, not a TypeError).
        for (const r of requests) expect(r.status, JSON.stringify(r.body)).toBe(201);
        const outcomes = await Promise.all(requests.map((r) => decided(r.body.payment.id)));
        if (squatted?.status === 201)
          expect((await decided(squatted.body.payment.id)).status).toBe('pending');
        else if (squatted) expect(squatted.body.error.reason).toBe('trxid_used');
        expect(await balanceOf(db, squatter.userId)).toBe(0);
        for (const [i, u] of buyers.entries()) {
          const paid = outcomes[i]!.status === 'completed';
          // Only the squatted TrxID may wait for the admin; every other honest pair is credited.
          if (i !== squat) expect(paid).toBe(true);
          expect(await balanceOf(db, u.userId)).toBe(paid ? amounts[i]! : 0);
          expect(await ledgerSum(db, u.userId)).toBe(paid ? amounts[i]! : 0);
        }
      }),
      { numRuns: 3, endOnFailure: true },
    );
  });
});

describe('a failed control sends the request to the admin with the control named, never credited', () => {
  const queueRow = async (id: string) => {
    const queue = await invoke('adminListManualTopups', {
      as: admin,
      query: { status: 'pending', limit: '100' },
    });
    return (queue.body.items as Array<ItemOf<'adminListManualTopups'>>).find((p) => p.id === id)!;
  };

  it('amount differs', async () => {
    const u = await buyer();
    const trx = trxOf('AMNT');
    const sms = await main.receive({ trx, amount: 40_000 });
    const r = await request(u, trx, 50_000);
    expect((await reviewed(r.body.payment.id)).sms_review).toBe('amount');
    expect(await smsOf(sms.id)).toMatchObject({ status: 'review', failed_control: 'amount' });
    const row = await queueRow(r.body.payment.id);
    expect(row.sms_review).toBe('amount');
    expect(row.sms).toMatchObject({ id: sms.id, receiving_number: main.number, amount: 40_000 });
    expect(await balanceOf(db, u.userId)).toBe(0);
  });

  it('a wrong amount rejected by the admin: the buyer asks again with the right one and is credited', async () => {
    const u = await buyer();
    const trx = trxOf('TYPO');
    const typo = await request(u, trx, 500_000);
    const sms = await main.receive({ trx, amount: 50_000 });
    expect((await reviewed(typo.body.payment.id)).sms_review).toBe('amount');
    const rejected = await invoke('adminRejectManualTopup', {
      as: admin,
      params: { id: typo.body.payment.id },
      body: { note: 'The SMS says ৳500' },
    });
    expect(rejected.status).toBe(200);
    expect((await smsOf(sms.id))?.status).toBe('waiting');
    const again = await request(u, trx, 50_000);
    expect((await credited(again.body.payment.id)).sms_id).toBe(sms.id);
    expect(await balanceOf(db, u.userId)).toBe(50_000);
  });

  it('receiving number differs (the SMS came to another of the shop’s numbers)', async () => {
    const u = await buyer();
    const trx = trxOf('RNUM');
    const r = await request(u, trx, 50_000, main.number);
    await second.receive({ trx, amount: 50_000 });
    expect((await reviewed(r.body.payment.id)).sms_review).toBe('receiving_number');
    expect(await balanceOf(db, u.userId)).toBe(0);
  });

  it('outside the time window (paid three hours before the request)', async () => {
    const u = await buyer();
    const trx = trxOf('LATE');
    await main.receive({ trx, amount: 50_000, at: new Date(Date.now() - 3 * 3600_000).toISOString() });
    const r = await request(u, trx, 50_000);
    expect((await reviewed(r.body.payment.id)).sms_review).toBe('time_window');
    expect(await balanceOf(db, u.userId)).toBe(0);
  });

  it('balance chain broken: a forged SMS, and every later SMS of that number until an admin clears it', async () => {
    const [forger, honest, later] = [await buyer(), await buyer(), await buyer()];
    const forged = trxOf('FORG');
    const f = await request(forger, forged, 50_000, chainPhone.number);
    await chainPhone.receive({ trx: forged, amount: 50_000, forgedBalance: 123_456_78 });
    expect((await reviewed(f.body.payment.id)).sms_review).toBe('balance_chain');
    // A genuine payment after the gap still waits for the admin.
    const trx = trxOf('CHNB');
    const h = await request(honest, trx, 20_000, chainPhone.number);
    await chainPhone.receive({ trx, amount: 20_000 });
    expect((await reviewed(h.body.payment.id)).sms_review).toBe('balance_chain');
    // Cleared: the chain goes on from the last balance.
    expect(await clearBalanceChain(db, 'bkash', chainPhone.number)).toBe(true);
    const next = trxOf('CHNC');
    const l = await request(later, next, 30_000, chainPhone.number);
    await chainPhone.receive({ trx: next, amount: 30_000 });
    await credited(l.body.payment.id);
    expect(await balanceOf(db, forger.userId)).toBe(0);
    expect(await balanceOf(db, honest.userId)).toBe(0);
  });

  it("a number's first SMS has no chain to check: the admin's", async () => {
    const u = await buyer();
    const trx = trxOf('FRST');
    const r = await request(u, trx, 50_000, freshPhone.number);
    await freshPhone.receive({ trx, amount: 50_000 });
    expect((await reviewed(r.body.payment.id)).sms_review).toBe('balance_chain');
  });

  it('a replayed SMS credits nothing again', async () => {
    const u = await buyer();
    const trx = trxOf('RPLY');
    const r = await request(u, trx, 50_000);
    const sms = await main.receive({ trx, amount: 50_000 });
    await credited(r.body.payment.id);
    // The same text forwarded again under a new message id (the chain sees a repeat: broken).
    const again = await storeSms(
      db,
      {
        messageId: 'replay',
        deviceId: `device-${main.number}`,
        receivingNumber: main.number,
        sender: 'bKash',
        text: sms.text,
      },
      new Date(),
    );
    const decided = await until(
      () => smsOf(again.sms.id),
      (s) => s?.status !== 'waiting',
      'the replay',
    );
    expect(decided).toMatchObject({ status: 'review', failed_control: 'trxid_used' });
    expect(await balanceOf(db, u.userId)).toBe(50_000);
    await clearBalanceChain(db, 'bkash', main.number);
  });
});

describe('a TrxID named by two accounts (the squatting case)', () => {
  it('both go to review; the admin credits the payer; the squatter cannot be approved', async () => {
    const [squatter, payer] = [await buyer(), await buyer()];
    const trx = trxOf('SQAT');
    const s = await request(squatter, trx, 50_000);
    const p = await request(payer, trx, 50_000);
    expect([s.status, p.status]).toEqual([201, 201]);
    await main.receive({ trx, amount: 50_000 });
    expect((await reviewed(s.body.payment.id)).sms_review).toBe('claimed_twice');
    expect((await reviewed(p.body.payment.id)).sms_review).toBe('claimed_twice');
    const approve = (id: string) =>
      invoke('adminApproveManualTopup', { as: admin, params: { id }, body: {} });
    expect((await approve(p.body.payment.id)).status).toBe(200);
    const refused = await approve(s.body.payment.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.reason).toBe('trxid_credited_elsewhere');
    expect(await balanceOf(db, squatter.userId)).toBe(0);
    expect(await balanceOf(db, payer.userId)).toBe(50_000);
  });

  it('a request naming a TrxID whose SMS already credited another account is refused', async () => {
    const [a, b] = [await buyer(), await buyer()];
    const trx = trxOf('TAKN');
    const ra = await request(a, trx, 50_000);
    await main.receive({ trx, amount: 50_000 });
    await credited(ra.body.payment.id);
    const rb = await request(b, trx, 50_000);
    expect(rb.status).toBe(409);
    expect(rb.body.error.reason).toBe('trxid_used');
  });
});

describe('expiry', () => {
  it('a request with no SMS in its window expires, frees its TrxID and its waiting slot', async () => {
    const [u, other] = [await buyer(), await buyer()];
    const trx = trxOf('EXPR');
    const r = await request(u, trx, 50_000);
    const inReview = await request(u, trxOf('EXRV'), 50_000, second.number);
    await main.receive({ trx: trxOf('EXRV'), amount: 50_000 });
    await reviewed(inReview.body.payment.id);
    const later = () => new Date(Date.now() + 31 * 60_000);
    expect(await expireManualTopups({ db, now: later })).toBeGreaterThanOrEqual(1);
    expect((await paymentOf(r.body.payment.id))?.status).toBe('expired');
    // In the admin's review: the admin decides it, not the clock.
    expect((await paymentOf(inReview.body.payment.id))?.status).toBe('pending');
    expect((await getItem<{ pending: number }>(db, keys.manualPending(u.userId)))?.pending).toBe(1);
    // The TrxID is free again: the payer's new request is credited when the SMS comes.
    const again = await request(other, trx, 50_000);
    expect(again.status).toBe(201);
    await main.receive({ trx, amount: 50_000 });
    await credited(again.body.payment.id);
    expect(await balanceOf(db, u.userId)).toBe(0);
  });
});
