import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InvokeOptions, ItemOf } from '../../test/invoke';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { getSmsDevice } from '../src/db/payments/sms-devices';
import { getSms, smsIdOf } from '../src/db/payments/sms-items';
import { SMS_DEVICE_RATE_LIMIT } from '../src/kit/device-access';
import { findSilentPhones } from '../src/use-cases/payments/sms-phone-watch';
import { seedProfile } from './commerce-fixtures';
import { setClock } from '../src/runtime/clock';
import { call, signed, type Signer } from './reseller-fixtures';

/**
 * The SMS intake (docs/sms-forwarder.md) through the handlers on DynamoDB Local: device keys made
 * and revoked by an admin, each forwarded SMS signed like a reseller request, kept once (parsed or
 * not) under the device's receiving number, every forged or replayed request refused with nothing
 * stored. One table and two device keys for the whole file.
 */

let db: Db;
let bkashPhone: Signer;
let nagadPhone: Signer;
const buyer = customer(801);
const INVALID = {
  error: { code: 'unauthorized', message: 'Invalid signature', reason: 'invalid_signature' },
};

const BKASH_SMS =
  'You have received Tk 500.00 from 01712345678. Ref 123. Fee Tk 0.00. Balance Tk 1,234.56. TrxID 9A1B2C3D4E at 27/11/2026 14:05';
let seq = 0;
const sms = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ message_id: `m-${++seq}`, sender: 'bKash', text: BKASH_SMS, ...extra });
const idOf = (body: string) => JSON.parse(body).message_id as string;
const intake = (key: Signer, body: string, opts: Parameters<typeof signed>[2] = {}) =>
  call('smsIntake', key, { ...opts, body });
const inbox = async () =>
  (await invoke('adminListSmsInbox', { as: admin, query: { limit: '100' } })).body.items as Array<
    ItemOf<'adminListSmsInbox'>
  >;
const device = async (key: Signer) =>
  (
    (await invoke('adminListSmsDevices', { as: admin })).body.items as Array<ItemOf<'adminListSmsDevices'>>
  ).find((d) => d.id === key.keyId)!;

async function newDevice(body: Record<string, unknown>): Promise<Signer> {
  const res = await invoke('adminCreateSmsDevice', { as: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { keyId: res.body.device.id, secret: res.body.secret };
}

beforeAll(async () => {
  db = await freshTable('smsintake');
  const put = await invoke('adminPutReceivingAccounts', {
    as: admin,
    body: {
      wallets: [
        { provider: 'bkash', number: '01711111111', type: 'personal' },
        { provider: 'nagad', number: '01822222222', type: 'personal' },
      ],
      banks: [],
    },
  });
  expect(put.status).toBe(200);
  bkashPhone = await newDevice({
    provider: 'bkash',
    receiving_number: '01711111111',
    label: 'Counter phone',
  });
  nagadPhone = await newDevice({ provider: 'nagad', receiving_number: '০১৮২২২২২২২২' });
});

describe('device keys (admin)', () => {
  it('are made only for a receiving account, shown once and listed without a secret', async () => {
    const other = await invoke('adminCreateSmsDevice', {
      as: admin,
      body: { provider: 'nagad', receiving_number: '01711111111' },
    });
    expect(other.status).toBe(422);
    expect(other.body.error.reason).toBe('sms_device_unknown_account');
    expect(
      (
        await invoke('adminCreateSmsDevice', {
          as: admin,
          body: { provider: 'bkash', receiving_number: '123' },
        })
      ).status,
    ).toBe(400);
    const list = await invoke('adminListSmsDevices', { as: admin });
    expect(list.body.items.map((d: { id: string }) => d.id).sort()).toEqual(
      [bkashPhone.keyId, nagadPhone.keyId].sort(),
    );
    expect(JSON.stringify(list.body)).not.toContain(bkashPhone.secret);
    expect(await device(nagadPhone)).toMatchObject({ receiving_number: '01822222222', provider: 'nagad' });
    // The table keeps a hash of the secret, never the secret.
    const item = await getSmsDevice(db, bkashPhone.keyId);
    expect(JSON.stringify(item)).not.toContain(bkashPhone.secret);
    expect(item?.secret_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('admin routes refuse a customer', async () => {
    expect((await invoke('adminListSmsDevices', { as: buyer })).status).toBe(403);
    expect((await invoke('adminListSmsInbox', { as: buyer })).status).toBe(403);
    expect(
      (
        await invoke('adminCreateSmsDevice', {
          as: buyer,
          body: { provider: 'bkash', receiving_number: '01711111111' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await invoke('adminRevokeSmsDevice', { as: buyer, params: { id: bkashPhone.keyId } })).status,
    ).toBe(403);
    expect((await invoke('adminListSmsDevices')).status).toBe(401);
    expect((await getSmsDevice(db, bkashPhone.keyId))?.status).toBe('active');
  });
});

describe('the intake', () => {
  it('keeps a signed MFS SMS once, parsed, under the number its device key was made for', async () => {
    const body = sms({ received_at: '2026-11-27T08:05:30Z' });
    const res = await intake(bkashPhone, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'stored', reading: 'parsed' });
    const stored = await getSms(db, smsIdOf(bkashPhone.keyId, idOf(body)));
    expect(stored).toMatchObject({
      receiving_number: '01711111111',
      device_id: bkashPhone.keyId,
      status: 'waiting',
      parsed: { amount: 50_000, trx_id: '9A1B2C3D4E', counterparty_number: '01712345678' },
    });
    const row = (await inbox()).find((s) => s.id === res.body.sms_id)!;
    expect(row).toMatchObject({ reading: 'parsed', sender: 'bKash', text: BKASH_SMS });
    expect(row.parsed).toMatchObject({ amount: 50_000, balance: 123_456 });
    expect((await device(bkashPhone)).last_sms_at).not.toBeNull();

    // The forwarder sends it again (a lost answer): a new nonce, the same message: kept once.
    const again = await intake(bkashPhone, body);
    expect(again.body).toMatchObject({ status: 'duplicate', sms_id: res.body.sms_id });
    expect((await inbox()).filter((s) => s.id === res.body.sms_id)).toHaveLength(1);
  });

  it('refuses forged, replayed, stale, revoked and unknown-key requests and keeps nothing of them', async () => {
    const before = (await inbox()).length;
    const refusedBodies: string[] = [];
    const expectRefused = async (key: Signer, body: string, opts: Parameters<typeof signed>[2] = {}) => {
      refusedBodies.push(body);
      const res = await intake(key, body, opts);
      expect(res.status, body).toBe(401);
      expect(res.body).toEqual(INVALID);
    };
    // Wrong secret; the body changed after signing; another path signed.
    await expectRefused({ ...bkashPhone, secret: nagadPhone.secret }, sms());
    await expectRefused(bkashPhone, sms(), { signBody: sms() });
    await expectRefused(bkashPhone, sms(), { signPath: '/api/reseller/v1/orders' });
    // Six minutes old, and six minutes ahead.
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(bkashPhone, sms(), { timestamp: now - 360 });
    await expectRefused(bkashPhone, sms(), { timestamp: now + 360 });
    // An id of the right shape that no admin made; no key id at all.
    await expectRefused({ keyId: 'sd_01JUNKNOWN0000000000000000', secret: bkashPhone.secret }, sms());
    await expectRefused({ keyId: '', secret: bkashPhone.secret }, sms());

    // A captured request sent again, as it was: refused, though its message is new to the shop.
    const captured = signed('smsIntake', nagadPhone, { body: sms({ sender: 'NAGAD', text: 'hello' }) });
    expect((await captured.send()).status).toBe(200);
    const replay = await captured.send();
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(INVALID);

    for (const body of refusedBodies)
      expect(await getSms(db, smsIdOf(bkashPhone.keyId, idOf(body)))).toBeUndefined();
    expect((await inbox()).length).toBe(before + 1); // the captured request's own SMS only
  });

  it("takes no other sender's SMS, and keeps an MFS SMS no parser reads as unparsed", async () => {
    const otp = sms({ sender: 'DBBL-OTP', text: 'Your OTP is 123456' });
    const ignored = await intake(bkashPhone, otp);
    expect(ignored.status).toBe(200);
    expect(ignored.body).toEqual({ status: 'ignored', sms_id: null, reading: 'unknown_sender' });
    expect(await getSms(db, smsIdOf(bkashPhone.keyId, idOf(otp)))).toBeUndefined();
    // A personal number pasting a bKash text is another sender too.
    expect((await intake(bkashPhone, sms({ sender: '+8801712345678' }))).body.status).toBe('ignored');
    expect((await device(bkashPhone)).ignored_count).toBe(2);

    const odd = sms({ text: `Fwd: ${BKASH_SMS}` });
    const kept = await intake(bkashPhone, odd);
    expect(kept.body).toMatchObject({ status: 'stored', reading: 'unknown_wording' });
    expect(await getSms(db, smsIdOf(bkashPhone.keyId, idOf(odd)))).toMatchObject({
      status: 'unparsed',
      unparsed_reason: 'unknown_wording',
      text: `Fwd: ${BKASH_SMS}`,
    });
    expect((await inbox()).find((s) => s.id === kept.body.sms_id)).toMatchObject({
      reading: 'unknown_wording',
      status: 'unparsed',
      parsed: null,
    });
  });

  it('answers bad input with a clear 400 and stores nothing', async () => {
    const missing = await intake(bkashPhone, JSON.stringify({ message_id: 'x-1', sender: 'bKash' }));
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty('text');
    expect((await intake(bkashPhone, 'not json')).status).toBe(400);
    const badId = await intake(bkashPhone, sms({ message_id: 'has spaces' }));
    expect(badId.status).toBe(400);
    const huge = await intake(bkashPhone, sms({ text: 'x'.repeat(9000) }));
    expect(huge.status).toBe(400);
    expect(huge.body.error.reason).toBe('body_too_large');
    expect(await getSms(db, smsIdOf(bkashPhone.keyId, 'x-1'))).toBeUndefined();
  });

  it("limits each key's rate with a 429 and Retry-After", async () => {
    const key = await newDevice({ provider: 'bkash', receiving_number: '01711111111' });
    // The handlers' clock held still, so the counter below and the request share one window.
    const now = new Date();
    setClock(() => now);
    try {
      const rule = SMS_DEVICE_RATE_LIMIT;
      const windowStart = Math.floor(now.getTime() / 1000 / rule.windowSeconds) * rule.windowSeconds;
      await db.doc.send(
        new PutCommand({
          TableName: db.table,
          Item: {
            ...keys.rateLimit(rule.scope, key.keyId, String(windowStart)),
            type: 'rate_limit',
            count: rule.limit - 1,
          },
        }),
      );
      expect((await intake(key, sms({ sender: 'Other', text: 'x' }))).status).toBe(200);
      const limited = await intake(key, sms({ sender: 'Other', text: 'x' }));
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await intake(nagadPhone, sms({ sender: 'Other', text: 'x' }))).status).toBe(200);
    } finally {
      setClock(undefined);
    }
  });

  it('the silent-phone check names an account whose phone sent nothing while a request waits', async () => {
    await seedProfile(db, buyer);
    const made = await invoke('createManualTopup', {
      as: buyer,
      body: {
        amount: 50_000,
        payment_method: 'nagad',
        sender_number: '01912345678',
        transaction_id: '73ABCDEF',
        receiving_number: '01822222222',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    // Not yet: the request has waited 5 of the 15 minutes.
    expect(await findSilentPhones(db, at(5), 15)).toEqual([]);
    expect(await findSilentPhones(db, at(16), 15)).toEqual([
      expect.objectContaining({ provider: 'nagad', number: '01822222222' }),
    ]);
    // The phone forwards an SMS (any MFS SMS shows it is on): no longer silent.
    expect((await intake(nagadPhone, sms({ sender: 'NAGAD', text: 'Nagad: a notice' }))).status).toBe(200);
    expect(await findSilentPhones(db, at(16), 15)).toEqual([]);
  });

  it("shows each account's balance chain; an admin clears a broken one", async () => {
    expect((await device(bkashPhone)).chain).toEqual({ balance: 123_456, broken_since: null });
    // A gap: Tk 1,234.56 + 100 is not 999.00 (a payment out of the account the shop never saw).
    const gap = sms({
      text: 'You have received Tk 100.00 from 01712345678. Fee Tk 0.00. Balance Tk 999.00. TrxID 7Q2M9ZA1BC at 27/11/2026 14:10',
    });
    expect((await intake(bkashPhone, gap)).body).toMatchObject({ status: 'stored', reading: 'parsed' });
    const broken = (await device(bkashPhone)).chain;
    expect(broken.balance).toBe(99_900);
    expect(broken.broken_since).not.toBeNull();

    const clear = (as: InvokeOptions['as']) =>
      invoke('adminClearSmsChain', { as, params: { id: bkashPhone.keyId } });
    expect((await clear(buyer)).status).toBe(403);
    const cleared = await clear(admin);
    expect(cleared.status).toBe(200);
    expect(cleared.body.device.chain).toEqual({ balance: 99_900, broken_since: null });
  });

  it('a revoked key is refused at once', async () => {
    const revoked = await invoke('adminRevokeSmsDevice', { as: admin, params: { id: bkashPhone.keyId } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.device).toMatchObject({ status: 'revoked' });
    const body = sms();
    const res = await intake(bkashPhone, body);
    expect(res.status).toBe(401);
    expect(await getSms(db, smsIdOf(bkashPhone.keyId, idOf(body)))).toBeUndefined();
    expect(
      (await invoke('adminRevokeSmsDevice', { as: admin, params: { id: 'sd_01JNOBODY000000000000000' } }))
        .status,
    ).toBe(404);
  });
});

describe('every wording the parsers know, as a shop phone forwards it', () => {
  // The parser fixtures (one file per provider), each signed by a phone of its provider's account:
  // kept once, parsed with exactly the values the parser's own test expects.
  const FIXTURES = ['bkash', 'nagad', 'rocket'] as const;
  const NUMBERS = { bkash: '01711111111', nagad: '01822222222', rocket: '01833333333' };

  it('stores each fixture parsed, with its amount, TrxID, payer, balance and time', async () => {
    const put = await invoke('adminPutReceivingAccounts', {
      as: admin,
      body: {
        wallets: FIXTURES.map((provider) => ({ provider, number: NUMBERS[provider], type: 'personal' })),
        banks: [],
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    let checked = 0;
    for (const provider of FIXTURES) {
      const phone = await newDevice({ provider, receiving_number: NUMBERS[provider] });
      const fixtures = JSON.parse(
        readFileSync(
          new URL(`../src/domain/payments/sms/fixtures/${provider}.json`, import.meta.url),
          'utf8',
        ),
      ) as Array<{ wording: string; sender: string; text: string; expected: Record<string, unknown> }>;
      for (const f of fixtures) {
        const body = sms({ sender: f.sender, text: f.text });
        const res = await intake(phone, body);
        expect(res.body, f.wording).toMatchObject({ status: 'stored', reading: 'parsed' });
        const stored = await getSms(db, smsIdOf(phone.keyId, idOf(body)));
        expect(stored, f.wording).toMatchObject({
          receiving_number: NUMBERS[provider],
          parsed: {
            provider,
            wording: f.wording,
            sms_type: f.expected.type,
            amount: f.expected.amountPoisha,
            trx_id: f.expected.trxId,
            counterparty_number: f.expected.counterpartyNumber,
            balance: f.expected.balancePoisha,
            at: f.expected.at,
          },
        });
        checked++;
      }
    }
    expect(checked).toBe(16);
  });
});
