import { streamConsumers } from '@khelaghor/contract';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Db } from '../src/db/client';
import { writeNotifySettings } from '../src/db/notify/notify-settings';
import { getNotice } from '../src/db/notify/notices';
import { setOptionalMail } from '../src/db/notify/notify-settings';
import { loadHandler } from '../src/handlers/load';
import { resetConfig } from '../src/runtime/config';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { startMailServer, type MailServer } from '../../local/src/mail-server';
import { startStreamPoller, type StreamPoller } from '../../local/src/stream-poller';
import { seedProfile, seedVariant } from './commerce-fixtures';

/**
 * The notifier end to end: real handlers change the table, DynamoDB Local's stream feeds the
 * notifier as Lambda would, and the messages land in a real SMTP server.
 */
let db: Db;
let mail: MailServer;
let poller: StreamPoller;
const ALERTS = 'alerts@shop.test';
/** Each call of the notifier and whether it reported a failure. */
const calls: Array<{ failed: boolean }> = [];
const gaveUp: string[] = [];
let notify: (e: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;

const startPoller = (attempts = 4) =>
  startStreamPoller({
    endpoint: inject('dynamodbEndpoint'),
    tableName: db.table,
    keyPrefixes: streamConsumers.notifier.keyPrefixes,
    backoffMs: 50,
    attempts,
    handler: async (event) => {
      const answer = await notify(event);
      calls.push({ failed: answer.batchItemFailures.length > 0 });
      return answer;
    },
    onGiveUp: (records, error) => gaveUp.push(`${records.length} records: ${error}`),
  });

beforeAll(async () => {
  db = await freshTable('notify', { stream: true });
  mail = await startMailServer({ smtpPort: 0, webPort: 0 });
  process.env.SMTP_URL = mail.smtpUrl;
  resetConfig();
  notify = (await loadHandler('jobs/notify')) as unknown as typeof notify;
  await writeNotifySettings(db, { alert_emails: [ALERTS], low_stock_level: 2 }, new Date());
  poller = await startPoller();
});
afterAll(async () => {
  await poller?.stop();
  await mail?.stop();
});

const buy = (u: { userId: string; email: string }, variantId: string) =>
  invoke('placeOrder', {
    as: u,
    body: { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet' },
    headers: { 'Idempotency-Key': `k-${Math.random().toString(36).slice(2)}` },
  });
/** The code delivered with an order, as My Codes shows it. */
const codeOf = async (u: { userId: string; email: string }, orderId: string) =>
  (await invoke('getOrder', { as: u, params: { id: orderId } })).body.order.code as string;
const receiptsTo = (email: string) =>
  mail.messages({ to: email }).filter((m) => m.subject.startsWith('Your code'));

describe('receipts', () => {
  it('a completed wallet order puts exactly one receipt with its code in the inbox', async () => {
    const u = customer(1);
    await seedProfile(db, u, 100_000);
    const { variantId } = await seedVariant(db, { price: 15_000, codes: 5, name: '100 Diamonds' });
    const placed = await buy(u, variantId);
    expect(placed.status).toBe(201);
    const code = await codeOf(u, placed.body.order.id);
    expect(code).toMatch(/^CODE-/);
    await poller.drained();
    const receipts = receiptsTo(u.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe('Your code for Free Fire - 100 Diamonds');
    expect(receipts[0]!.text).toContain(`Code: ${code}`);
    expect(receipts[0]!.html).toContain(code);
    expect(receipts[0]!.text).toContain(`/payment-success?order_id=${placed.body.order.id}`);
  });

  it('the same stream read again from its start sends nothing new', async () => {
    const before = mail.messages().length;
    const replay = await startPoller();
    await replay.drained();
    await replay.stop();
    await poller.drained();
    expect(mail.messages().length).toBe(before);
  });

  it('a refused send is retried and then delivered once; the order is untouched', async () => {
    const u = customer(2);
    await seedProfile(db, u, 100_000);
    const { variantId } = await seedVariant(db, { price: 10_000, codes: 5 });
    await poller.drained();
    const failuresBefore = calls.filter((c) => c.failed).length;
    mail.failNext(2);
    const placed = await buy(u, variantId);
    expect(placed.status).toBe(201);
    await poller.drained();
    expect(calls.filter((c) => c.failed).length - failuresBefore).toBe(2);
    expect(receiptsTo(u.email)).toHaveLength(1);
    const order = await invoke('getOrder', { as: u, params: { id: placed.body.order.id } });
    expect(order.body.order.status).toBe('completed');
    expect(receiptsTo(u.email)[0]!.text).toContain(`Code: ${order.body.order.code}`);
    expect(gaveUp).toEqual([]);
  });

  it('a message refused for good (a 5xx) is marked failed at once, never retried, and the next goes out', async () => {
    const u = customer(12);
    const v = customer(13);
    await seedProfile(db, u, 100_000);
    await seedProfile(db, v, 100_000);
    const { variantId } = await seedVariant(db, { price: 10_000, codes: 5 });
    await poller.drained();
    const failuresBefore = calls.filter((c) => c.failed).length;
    mail.rejectNext(1);
    const refused = await buy(u, variantId);
    expect(refused.status).toBe(201);
    const after = await buy(v, variantId);
    expect(after.status).toBe(201);
    await poller.drained();
    // No record was reported failed, so the stream never retried (on AWS: not 20 times).
    expect(calls.filter((c) => c.failed).length - failuresBefore).toBe(0);
    expect(receiptsTo(u.email)).toHaveLength(0);
    expect(receiptsTo(v.email)).toHaveLength(1);
    const notice = await getNotice(db, `receipt#${refused.body.order.id}`);
    expect(notice).toMatchObject({ state: 'failed', failed_because: expect.stringMatching(/^SMTP 554/) });
    // A replay of the stream does not send it either: it is done, as failed.
    const replay = await startPoller();
    await replay.drained();
    await replay.stop();
    expect(receiptsTo(u.email)).toHaveLength(0);
    expect(gaveUp).toEqual([]);
  });

  it('a send that keeps failing is given up (the alarm) without a mark, so a replay still sends it', async () => {
    const u = customer(3);
    await seedProfile(db, u, 100_000);
    const { variantId } = await seedVariant(db, { price: 10_000, codes: 5 });
    await poller.drained();
    mail.failNext(4);
    const placed = await buy(u, variantId);
    await poller.drained();
    expect(gaveUp).toHaveLength(1);
    expect(receiptsTo(u.email)).toHaveLength(0);
    expect(await getNotice(db, `receipt#${placed.body.order.id}`)).toBeUndefined();
    const replay = await startPoller();
    await replay.drained();
    await replay.stop();
    expect(receiptsTo(u.email)).toHaveLength(1);
    gaveUp.length = 0;
  });
});

describe('buyer notices and shop alerts', () => {
  // A bank transfer has no SMS to wait for: the shop is alerted at once (a bKash request only when
  // the SMS check sends it to review: domain/notify/notices.test.ts).
  it('a TrxID request alerts the shop; its rejection tells the buyer why', async () => {
    const u = customer(4);
    await seedProfile(db, u);
    const req = await invoke('createManualTopup', {
      as: u,
      body: {
        amount: 50_000,
        payment_method: 'bank_transfer',
        sender_number: '01711111111',
        transaction_id: 'NTFY0001',
      },
    });
    expect(req.status).toBe(201);
    await poller.drained();
    const alerts = mail.messages({ to: ALERTS }).filter((m) => m.subject.startsWith('New TrxID request'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('NTFY0001');
    expect(alerts[0]!.text).toContain(u.email);
    const rejected = await invoke('adminRejectManualTopup', {
      as: admin,
      params: { id: req.body.payment.id },
      body: { note: 'No such transaction in our statement' },
    });
    expect(rejected.status).toBe(200);
    await poller.drained();
    const told = mail
      .messages({ to: u.email })
      .filter((m) => m.subject === 'Your TrxID request was not approved');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('Reason: No such transaction in our statement');
  });

  it('a refund tells the buyer the amount and the new balance, once', async () => {
    const u = customer(8);
    await seedProfile(db, u, 100_000);
    const { variantId } = await seedVariant(db, { price: 12_345, codes: 3, name: 'Refund Pack' });
    const placed = await buy(u, variantId);
    const refunded = await invoke('adminSetOrderStatus', {
      as: admin,
      params: { id: placed.body.order.id },
      body: { status: 'refunded' },
    });
    expect(refunded.status).toBe(200);
    await poller.drained();
    const told = mail.messages({ to: u.email }).filter((m) => m.subject.startsWith('Refund of'));
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('Refund of ৳123.45 to your wallet');
    expect(told[0]!.text).toContain('Order: Free Fire - Refund Pack');
    expect(told[0]!.text).toContain('New balance: ৳1,000.00');
  });

  it('a buyer who turned the rest off still gets receipts but no wallet notices', async () => {
    const on = customer(5);
    const off = customer(6);
    await seedProfile(db, on);
    await seedProfile(db, off);
    await setOptionalMail(db, off.userId, false, new Date());
    for (const u of [on, off]) {
      const credit = await invoke('adminWalletAdjustment', {
        as: admin,
        body: { user_id: u.userId, type: 'credit', amount: 30_000, payment_method: 'cash' },
      });
      expect(credit.status).toBe(201);
    }
    const { variantId } = await seedVariant(db, { price: 10_000, codes: 5 });
    expect((await buy(off, variantId)).status).toBe(201);
    await poller.drained();
    const credited = (email: string) =>
      mail.messages({ to: email }).filter((m) => m.subject.startsWith('Your wallet was credited'));
    expect(credited(on.email)).toHaveLength(1);
    expect(credited(on.email)[0]!.text).toContain('New balance: ৳300.00');
    expect(credited(off.email)).toHaveLength(0);
    expect(receiptsTo(off.email)).toHaveLength(1);
  });

  it('stock going below the low-stock level alerts the shop once', async () => {
    const u = customer(7);
    await seedProfile(db, u, 100_000);
    const { variantId } = await seedVariant(db, { price: 1_000, codes: 4, name: 'Low Pack' });
    for (let i = 0; i < 3; i++) expect((await buy(u, variantId)).status).toBe(201);
    await poller.drained();
    const low = mail
      .messages({ to: ALERTS })
      .filter((m) => m.subject.startsWith('Low stock: Free Fire - Low Pack'));
    expect(low).toHaveLength(1);
    expect(low[0]!.subject).toBe('Low stock: Free Fire - Low Pack (1 left)');
  });
});

describe('the daily summary', () => {
  it("is written once per Dhaka day and mailed to the shop with the day's sales", async () => {
    const { writeDailySummary } = await import('../src/use-cases/notify/daily-summary');
    const tomorrow = new Date(Date.now() + 86_400_000);
    const first = await writeDailySummary(db, tomorrow);
    expect(first.written).toBe(true);
    expect((await writeDailySummary(db, tomorrow)).written).toBe(false);
    await poller.drained();
    const summaries = mail
      .messages({ to: ALERTS })
      .filter((m) => m.subject.startsWith(`Daily summary ${first.day}`));
    expect(summaries).toHaveLength(1);
    // This file's completed orders: 1 + 1 + 2 + 1 + 1 + 3 wallet orders (the refunded one is not completed).
    expect(summaries[0]!.subject).toMatch(/: 9 orders, ৳/);
    expect(summaries[0]!.text).toContain('Free Fire - Low Pack: 3 sold');
  });
});
