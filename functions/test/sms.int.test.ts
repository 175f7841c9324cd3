import { streamConsumers } from '@khelaghor/contract';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { SmsProvider } from '../src/clients/sms/sms-provider';
import type { Db } from '../src/db/client';
import { getNotice } from '../src/db/notify/notices';
import { loadHandler } from '../src/handlers/load';
import { setClock } from '../src/runtime/clock';
import { resetConfig } from '../src/runtime/config';
import { deliverSms } from '../src/use-cases/notify/sms-delivery';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { startMailServer, type MailServer } from '../../local/src/mail-server';
import { startSmsSink, type SmsSink } from '../../local/src/sms-sink';
import { startStreamPoller, type StreamPoller } from '../../local/src/stream-poller';
import { seedProfile, seedVariant } from './commerce-fixtures';

/**
 * SMS to buyers end to end: the real account handlers verify a phone through the SMS sink (SSL
 * Wireless's request shape), real handlers change the table, DynamoDB Local's stream feeds the
 * notifier, and the SMS land in the sink beside the mail in a real SMTP server.
 */
let db: Db;
let mail: MailServer;
let sms: SmsSink;
let poller: StreamPoller;
const calls: Array<{ failed: boolean }> = [];
let notify: (e: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;

const startPoller = () =>
  startStreamPoller({
    endpoint: inject('dynamodbEndpoint'),
    tableName: db.table,
    keyPrefixes: streamConsumers.notifier.keyPrefixes,
    backoffMs: 50,
    attempts: 4,
    handler: async (event) => {
      const answer = await notify(event);
      calls.push({ failed: answer.batchItemFailures.length > 0 });
      return answer;
    },
  });

beforeAll(async () => {
  db = await freshTable('sms', { stream: true });
  mail = await startMailServer({ smtpPort: 0, webPort: 0 });
  sms = await startSmsSink();
  process.env.SMTP_URL = mail.smtpUrl;
  process.env.SMS_BASE_URL = sms.url;
  process.env.SMS_SECRET = sms.secret;
  // A timeout fault holds the answer for a minute: the client gives up long before (2 s: a
  // first call on a loaded machine must not time out by itself).
  process.env.SMS_TIMEOUT_MS = '2000';
  resetConfig();
  notify = (await loadHandler('jobs/notify')) as unknown as typeof notify;
  poller = await startPoller();
});
afterAll(async () => {
  await poller?.stop();
  await mail?.stop();
  await sms?.stop();
  delete process.env.SMS_BASE_URL;
  delete process.env.SMS_SECRET;
  delete process.env.SMS_TIMEOUT_MS;
  resetConfig();
});
afterEach(() => setClock(undefined));

type User = { userId: string; email: string };
const askCode = (u: User, phone: string, sourceIp = '127.0.0.1') =>
  invoke('startPhoneVerification', { as: u, body: { phone }, sourceIp });
const sendCode = (u: User, code: string) => invoke('verifyPhone', { as: u, body: { code } });
/** The 6-digit code of the newest SMS to `phone` (what the buyer reads on their phone). */
const codeIn = (phone: string) => /\b(\d{6})\b/.exec(sms.messages({ to: phone })[0]?.text ?? '')?.[1] ?? '';
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A buyer with a verified phone and SMS on, in `language`. */
async function smsBuyer(n: number, phone: string, language: 'bn' | 'en', balance = 100_000): Promise<User> {
  const u = customer(n);
  await seedProfile(db, u, balance);
  expect((await invoke('putLanguage', { as: u, body: { language } })).status).toBe(200);
  expect((await askCode(u, phone)).status).toBe(200);
  expect((await sendCode(u, codeIn(phone))).body).toMatchObject({ sms_phone: phone, sms_on: true });
  return u;
}
const buy = (u: User, variantId: string) =>
  invoke('placeOrder', {
    as: u,
    body: { variant_id: variantId, player_uid: '123456789', payment_method: 'wallet' },
    headers: { 'Idempotency-Key': `k-${Math.random().toString(36).slice(2)}` },
  });
const receiptMail = (u: User, orderId: string) =>
  mail.waitFor((m) => m.to.includes(u.email) && m.text.includes(orderId));

describe('phone verification', () => {
  it('sends a code by SMS, refuses a wrong one, and the right one verifies the phone and turns SMS on', async () => {
    const u = customer(1);
    await seedProfile(db, u);
    // Bangla digits, a space and the country code: the same number.
    const asked = await askCode(u, '+৮৮ ০১৭১১-০০০০০১');
    expect(asked.status).toBe(200);
    expect(asked.body.phone).toBe('01711000001');
    const code = codeIn('01711000001');
    expect(code).toMatch(/^\d{6}$/);
    expect(asked.body).not.toHaveProperty('code');
    const refused = await sendCode(u, wrong(code));
    expect(refused.status).toBe(400);
    expect(refused.body.error.reason).toBe('phone_code_wrong');
    expect((await invoke('getMe', { as: u })).body).toMatchObject({ sms_phone: null, sms_on: false });
    const ok = await sendCode(u, code);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ sms_phone: '01711000001', sms_on: true });
    expect((await invoke('getMe', { as: u })).body).toMatchObject({ sms_phone: '01711000001', sms_on: true });
    // A code verifies once.
    expect((await sendCode(u, code)).body.error.reason).toBe('phone_code_expired');
  });

  it('refuses a number that is not a Bangladeshi mobile, with the catalogue reason', async () => {
    const u = customer(2);
    await seedProfile(db, u);
    for (const phone of ['01211000002', '0171100000', '+44 7700 900123', 'abc']) {
      const res = await askCode(u, phone);
      expect(res.status).toBe(400);
      expect(res.body.error.field_reasons.phone.reason).toBe('mobile_invalid');
    }
  });

  it('an expired code is refused, and a new code works', async () => {
    const u = customer(3);
    await seedProfile(db, u);
    expect((await askCode(u, '01711000003')).status).toBe(200);
    const code = codeIn('01711000003');
    const later = Date.now() + 10 * 60_000 + 1000;
    setClock(() => new Date(later));
    const expired = await sendCode(u, code);
    expect(expired.status).toBe(400);
    expect(expired.body.error.reason).toBe('phone_code_expired');
    expect((await askCode(u, '01711000003')).status).toBe(200);
    const fresh = codeIn('01711000003');
    expect((await sendCode(u, fresh)).status).toBe(200);
  });

  it('five wrong codes end the code: the right one is refused after them', async () => {
    const u = customer(4);
    await seedProfile(db, u);
    expect((await askCode(u, '01711000004')).status).toBe(200);
    const code = codeIn('01711000004');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await sendCode(u, wrong(code))).body.error.reason);
    expect(answers).toEqual([...Array(4).fill('phone_code_wrong'), 'phone_code_attempts']);
    const late = await sendCode(u, code);
    expect(late.status).toBe(429);
    expect(late.body.error.reason).toBe('phone_code_attempts');
    expect((await invoke('getMe', { as: u })).body.sms_phone).toBeNull();
  });

  it('limits codes per buyer and per number, with Retry-After', async () => {
    const u = customer(5);
    await seedProfile(db, u);
    const before = sms.messages({ to: '01711000005' }).length;
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await askCode(u, '01711000005')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(sms.messages({ to: '01711000005' }).length - before).toBe(5);
    // Another account cannot flood the same number either.
    const other = customer(6);
    await seedProfile(db, other);
    const flood = await askCode(other, '01711000005', '10.0.0.6');
    expect(flood.status).toBe(429);
    expect(Number(flood.headers['Retry-After'] ?? flood.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a number the provider refuses is a 422 and leaves no code behind', async () => {
    const u = customer(7);
    await seedProfile(db, u);
    sms.failNext('refuse');
    const res = await askCode(u, '01711000007');
    expect(res.status).toBe(422);
    expect(res.body.error.reason).toBe('phone_sms_refused');
    expect((await sendCode(u, '123456')).body.error.reason).toBe('phone_code_expired');
  });

  it('SMS cannot be turned on without a verified phone; a verified buyer turns them off and on', async () => {
    const u = customer(8);
    await seedProfile(db, u);
    const refused = await invoke('putSmsPreference', { as: u, body: { on: true } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.reason).toBe('phone_not_verified');
    const v = await smsBuyer(9, '01711000009', 'en');
    expect((await invoke('putSmsPreference', { as: v, body: { on: false } })).body).toMatchObject({
      sms_on: false,
    });
    expect((await invoke('putSmsPreference', { as: v, body: { on: true } })).body).toMatchObject({
      sms_phone: '01711000009',
      sms_on: true,
    });
  });
});

describe('SMS from the change stream', () => {
  it('a completed order sends one Bangla SMS with the masked code; the stream read twice sends nothing new', async () => {
    const u = await smsBuyer(20, '01811000020', 'bn');
    const { variantId } = await seedVariant(db, { price: 15_000, codes: 3, name: '100 Diamonds' });
    const placed = await buy(u, variantId);
    expect(placed.status).toBe(201);
    const order = (await invoke('getOrder', { as: u, params: { id: placed.body.order.id } })).body.order;
    const got = await sms.waitFor((m) => m.to === '01811000020' && m.text.includes('সম্পন্ন'));
    expect(got.text).toContain(`${order.code.slice(0, 4)}`);
    expect(got.text).toContain('*');
    expect(got.text).not.toContain(order.code);
    expect(got.text.length).toBeLessThanOrEqual(70);
    await poller.drained();
    const requests = sms.requests();
    const replay = await startPoller();
    await replay.drained();
    await replay.stop();
    await poller.drained();
    // Not even asked: the notice is found sent (the provider's duplicate check is not what saves it).
    expect(sms.requests()).toBe(requests);
    const all = sms.messages({ to: '01811000020' }).filter((m) => m.text.includes('সম্পন্ন'));
    expect(all).toHaveLength(1);
    expect(await getNotice(db, `sms-receipt#${order.id}`)).toMatchObject({
      state: 'sent',
      sent_to: ['01811000020'],
    });
  });

  it('a top-up and a refund send their SMS in English to an English buyer', async () => {
    const u = await smsBuyer(21, '01811000021', 'en', 0);
    const req = await invoke('createManualTopup', {
      as: u,
      body: {
        amount: 50_000,
        payment_method: 'bkash',
        sender_number: '01711111111',
        transaction_id: 'SMSTOPUP21',
      },
    });
    expect(req.status).toBe(201);
    const approved = await invoke('adminApproveManualTopup', {
      as: admin,
      params: { id: req.body.payment.id },
      body: {},
    });
    expect(approved.status).toBe(200);
    const topup = await sms.waitFor((m) => m.to === '01811000021' && m.text.includes('added to your wallet'));
    expect(topup.text).toBe('Khelaghor: Tk 500.00 added to your wallet (top-up). New balance Tk 500.00.');
    const { variantId } = await seedVariant(db, { price: 12_345, codes: 2, name: 'Refund Pack' });
    const placed = await buy(u, variantId);
    const refunded = await invoke('adminSetOrderStatus', {
      as: admin,
      params: { id: placed.body.order.id },
      body: { status: 'refunded' },
    });
    expect(refunded.status).toBe(200);
    const refund = await sms.waitFor((m) => m.to === '01811000021' && m.text.includes('refunded'));
    expect(refund.text).toContain('Tk 123.45 refunded to your wallet');
    expect(refund.text).toContain('New balance Tk 500.00');
  });

  it('a buyer who turned SMS off, and one who never verified a phone, get the mail and no SMS', async () => {
    const off = await smsBuyer(22, '01811000022', 'en');
    expect((await invoke('putSmsPreference', { as: off, body: { on: false } })).status).toBe(200);
    const never = customer(23);
    await seedProfile(db, never, 100_000);
    const { variantId } = await seedVariant(db, { price: 10_000, codes: 3 });
    const sent = sms.requests();
    for (const u of [off, never]) {
      const placed = await buy(u, variantId);
      expect(placed.status).toBe(201);
      // The receipt mail is the event that says the notifier handled the order.
      await receiptMail(u, placed.body.order.id);
    }
    await poller.drained();
    expect(sms.requests()).toBe(sent);
    expect(sms.messages({ to: '01811000022' }).filter((m) => m.text.includes('complete'))).toHaveLength(0);
  });

  it('a provider timeout is asked again at once with the same reference: one SMS, never two', async () => {
    const u = await smsBuyer(24, '01811000024', 'en');
    const { variantId } = await seedVariant(db, { price: 10_000, codes: 3 });
    await poller.drained();
    const failures = calls.filter((c) => c.failed).length;
    const requests = sms.requests();
    sms.failNext('timeout');
    const placed = await buy(u, variantId);
    await receiptMail(u, placed.body.order.id);
    await poller.drained();
    // The first send timed out (the sink kept the SMS), the second with the same csms_id was
    // answered "duplicate": one SMS on the phone, the notice sent, the stream never held up.
    expect(sms.requests() - requests).toBe(2);
    expect(sms.messages({ to: '01811000024' }).filter((m) => m.text.includes('complete'))).toHaveLength(1);
    expect(await getNotice(db, `sms-receipt#${placed.body.order.id}`)).toMatchObject({ state: 'sent' });
    expect(calls.filter((c) => c.failed).length - failures).toBe(0);
  });

  it('a provider still failing after the second try leaves the SMS unknown, never sent again', async () => {
    const u = await smsBuyer(27, '01811000027', 'en');
    const { variantId } = await seedVariant(db, { price: 10_000, codes: 3 });
    await poller.drained();
    const failures = calls.filter((c) => c.failed).length;
    const requests = sms.requests();
    sms.failNext('error', 2);
    const placed = await buy(u, variantId);
    await receiptMail(u, placed.body.order.id);
    await poller.drained();
    expect(sms.requests() - requests).toBe(2);
    expect(await getNotice(db, `sms-receipt#${placed.body.order.id}`)).toMatchObject({
      state: 'unknown',
      unknown_because: 'HTTP 500',
    });
    expect(calls.filter((c) => c.failed).length - failures).toBe(0);
    // A replay of the stream does not ask the provider again.
    const replay = await startPoller();
    await replay.drained();
    await replay.stop();
    expect(sms.requests() - requests).toBe(2);
  });

  it('a refusal is kept as failed and not retried', async () => {
    const u = await smsBuyer(25, '01811000025', 'en');
    const { variantId } = await seedVariant(db, { price: 10_000, codes: 3 });
    await poller.drained();
    const failures = calls.filter((c) => c.failed).length;
    sms.failNext('refuse');
    const placed = await buy(u, variantId);
    await receiptMail(u, placed.body.order.id);
    await poller.drained();
    expect(calls.filter((c) => c.failed).length - failures).toBe(0);
    expect(await getNotice(db, `sms-receipt#${placed.body.order.id}`)).toMatchObject({
      state: 'failed',
      failed_because: expect.stringContaining('Rejected by the operator'),
    });
  });

  it('a provider that cannot be asked about a reference is never sent to twice: its timeout stays unknown', async () => {
    const u = await smsBuyer(26, '01811000026', 'en');
    let sends = 0;
    const blind: SmsProvider = {
      name: 'ssl-wireless',
      dedupesReference: false,
      send: async () => {
        sends++;
        return { kind: 'unknown', why: 'no answer within 400 ms' };
      },
    };
    const deps = { db, now: () => new Date(), sms: async () => blind };
    const notice = {
      id: 'refund#SMSBLIND26',
      audience: 'buyer',
      userId: u.userId,
      optional: true,
      kind: 'refund',
      orderId: 'none',
      amount: 100,
      balanceAfter: 100,
    } as const;
    expect(await deliverSms(deps, notice, {})).toMatchObject({
      result: 'failed',
      why: 'unknown: no answer within 400 ms',
    });
    expect(await deliverSms(deps, notice, {})).toMatchObject({ result: 'duplicate' });
    expect(sends).toBe(1);
    expect(await getNotice(db, 'sms-refund#SMSBLIND26')).toMatchObject({ state: 'unknown' });
  });
});
