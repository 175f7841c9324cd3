import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createMoogoldSupplier } from '../../../functions/src/clients/suppliers/moogold';
import type { Supplier } from '../../../functions/src/clients/suppliers/supplier';
import { startMoogoldSandbox, type MoogoldSandbox } from './server';
import { freePort } from '../net';

/**
 * The MooGold adapter against the MooGold sandbox: each named outcome, and that an unknown one
 * is resolved by an inquiry with our reference, never by a second order.
 */
const CREATE = 'order/create_order';
const FF_100 = '1001'; // Free Fire 100 diamonds, $0.99
const MLBB_86 = '2001'; // Mobile Legends 86 diamonds: User ID + Server
const GOOGLE_PLAY = '3001'; // voucher, $4.50, 5 codes at start
/** Room for a first answer on a loaded machine; the timeout tests use a shorter one. */
const TIMEOUT_MS = 2_000;
const SHORT_TIMEOUT_MS = 400;

let sandbox: MoogoldSandbox;
let moogold: Supplier;
/** The same adapter, waiting only SHORT_TIMEOUT_MS: for the answers held longer than that. */
let impatient: Supplier;

beforeAll(async () => {
  sandbox = await startMoogoldSandbox({ port: await freePort() });
  moogold = createMoogoldSupplier({
    baseUrl: sandbox.url,
    partnerId: sandbox.partnerId,
    secret: sandbox.secret,
    timeoutMs: TIMEOUT_MS,
  });
  impatient = createMoogoldSupplier({
    baseUrl: sandbox.url,
    partnerId: sandbox.partnerId,
    secret: sandbox.secret,
    timeoutMs: SHORT_TIMEOUT_MS,
  });
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.control.faults({ balance: 10_000, slowInquiry: 0, pending: false, fail5xx: 0 }));

const ref = () => `ord_${randomUUID()}`;
const topup = (reference: string, productId = FF_100) =>
  moogold.createTopup({ reference, productId, gameCode: 'free-fire', playerUid: '123456789' });

describe('MooGold adapter against its sandbox', () => {
  it('tops up: done, completed with MooGold order id, one order, balance debited', async () => {
    const reference = ref();
    const before = sandbox.control.balance();
    const outcome = await topup(reference);
    expect(outcome).toEqual({
      kind: 'done',
      value: { state: 'completed', supplierTransactionId: expect.stringMatching(/^\d+$/) as string },
    });
    expect(sandbox.control.ordersCreated(reference)).toBe(1);
    expect(sandbox.control.balance()).toBe(before - 99);
  });

  it('sends the game fields per game (Mobile Legends: User ID and Server)', async () => {
    const reference = ref();
    const outcome = await moogold.createTopup({
      reference,
      productId: MLBB_86,
      gameCode: 'mobile-legends',
      playerUid: '55501234',
      zoneId: '2001',
    });
    expect(outcome.kind).toBe('done');
    expect(sandbox.control.orders().find((o) => o.partnerOrderId === reference)?.fields).toEqual({
      'User ID': '55501234',
      Server: '2001',
    });
  });

  it('the same partnerOrderId twice answers the same order and commits one', async () => {
    const reference = ref();
    const first = await topup(reference);
    const second = await topup(reference);
    expect(second).toEqual(first);
    expect(sandbox.control.ordersCreated(reference)).toBe(1);
    expect(sandbox.control.calls(CREATE)).toBeGreaterThanOrEqual(2);
  });

  it('a used partnerOrderId with another product is refused, never a second order', async () => {
    const reference = ref();
    await topup(reference);
    const other = await topup(reference, '1002');
    expect(other).toMatchObject({ kind: 'refused', code: 'duplicate_partner_order_id' });
    expect(sandbox.control.ordersCreated(reference)).toBe(1);
  });

  it('a timeout after the commit is unknown; the inquiry finds the one order', async () => {
    const reference = ref();
    sandbox.control.faults({ timeoutAfterCommit: 5_000 });
    expect(
      await impatient.createTopup({
        reference,
        productId: FF_100,
        gameCode: 'free-fire',
        playerUid: '123456789',
      }),
    ).toEqual({ kind: 'unknown', why: 'timeout' });
    const found = await moogold.inquire(reference, 'topup');
    expect(found).toMatchObject({ kind: 'done', value: { state: 'completed' } });
    expect(sandbox.control.ordersCreated(reference)).toBe(1);
  });

  it('a 5xx is unknown; the inquiry says not_found and nothing was committed', async () => {
    const reference = ref();
    sandbox.control.faults({ fail5xx: 1 });
    expect(await topup(reference)).toEqual({ kind: 'unknown', why: 'http 503' });
    expect(await moogold.inquire(reference, 'topup')).toEqual({
      kind: 'done',
      value: { state: 'not_found' },
    });
    expect(sandbox.control.ordersCreated(reference)).toBe(0);
  });

  it('a business refusal is refused with its reason and code', async () => {
    const reference = ref();
    sandbox.control.faults({ refuse: 'Player region not supported' });
    expect(await topup(reference)).toEqual({
      kind: 'refused',
      reason: 'Player region not supported',
      code: 'order_refused',
    });
    expect(sandbox.control.ordersCreated(reference)).toBe(0);
  });

  it('refuses when the prepaid balance runs out', async () => {
    sandbox.control.faults({ balance: 150 });
    expect((await topup(ref())).kind).toBe('done');
    const reference = ref();
    expect(await topup(reference)).toEqual({
      kind: 'refused',
      reason: 'Insufficient balance',
      code: 'insufficient_balance',
    });
    expect(sandbox.control.ordersCreated(reference)).toBe(0);
    expect(sandbox.control.balance()).toBe(51);
  });

  it('a wrong secret is refused and commits nothing', async () => {
    const reference = ref();
    const wrong = createMoogoldSupplier({
      baseUrl: sandbox.url,
      partnerId: sandbox.partnerId,
      secret: 'not-the-secret',
      timeoutMs: TIMEOUT_MS,
    });
    expect(await wrong.createTopup({ reference, productId: FF_100, playerUid: '123456789' })).toEqual({
      kind: 'refused',
      reason: 'Unauthorized',
      code: 'unauthorized',
    });
    expect(sandbox.control.ordersCreated(reference)).toBe(0);
  });

  it('a body changed after signing is refused and commits nothing (Basic auth alone is not enough)', async () => {
    const reference = ref();
    const tampering = createMoogoldSupplier({
      baseUrl: sandbox.url,
      partnerId: sandbox.partnerId,
      secret: sandbox.secret,
      timeoutMs: TIMEOUT_MS,
      // A man in the middle swaps the product after the adapter signed the body.
      fetch: (url, init) => fetch(url, { ...init, body: String(init?.body).replace(FF_100, '1003') }),
    });
    expect(
      await tampering.createTopup({ reference, productId: FF_100, playerUid: '123456789' }),
    ).toMatchObject({
      kind: 'refused',
      code: 'unauthorized',
    });
    expect(sandbox.control.ordersCreated(reference)).toBe(0);
  });

  it('a stale timestamp is refused (the signature covers it)', async () => {
    const stale = createMoogoldSupplier({
      baseUrl: sandbox.url,
      partnerId: sandbox.partnerId,
      secret: sandbox.secret,
      timeoutMs: TIMEOUT_MS,
      now: () => new Date(Date.now() - 3_600_000),
    });
    expect(await stale.balance()).toMatchObject({ kind: 'refused', code: 'unauthorized' });
  });

  it('an inquiry slower than the timeout is unknown', async () => {
    const reference = ref();
    await topup(reference);
    sandbox.control.faults({ slowInquiry: SHORT_TIMEOUT_MS * 3 });
    expect(await impatient.inquire(reference, 'topup')).toEqual({ kind: 'unknown', why: 'timeout' });
  });

  it('a pending order is processing until MooGold completes or refunds it', async () => {
    sandbox.control.faults({ pending: true });
    const done = ref();
    const refunded = ref();
    expect(await topup(done)).toMatchObject({ kind: 'done', value: { state: 'processing' } });
    await topup(refunded);
    sandbox.control.complete(done);
    sandbox.control.fail(refunded, 'Wrong server');
    expect(await moogold.inquire(done, 'topup')).toMatchObject({ value: { state: 'completed' } });
    expect(await moogold.inquire(refunded, 'topup')).toEqual({
      kind: 'done',
      value: { state: 'failed', reason: 'refunded: Wrong server' },
    });
  });

  it('a voucher (category 2) returns a code and takes it off the stock', async () => {
    const before = sandbox.control.stock(GOOGLE_PLAY);
    expect(await moogold.stock(GOOGLE_PLAY)).toEqual({ kind: 'done', value: before });
    const outcome = await moogold.requestVoucher({ reference: ref(), productId: GOOGLE_PLAY });
    expect(outcome).toMatchObject({
      kind: 'done',
      value: { state: 'completed', codes: [expect.stringMatching(/^GP-/) as string] },
    });
    expect(await moogold.stock(GOOGLE_PLAY)).toEqual({ kind: 'done', value: before - 1 });
  });

  it('reads the balance in integer cents', async () => {
    sandbox.control.faults({ balance: 12_345 });
    expect(await moogold.balance()).toEqual({ kind: 'done', value: { amount: 12_345, currency: 'USD' } });
  });

  it('validates a player where MooGold can, and says not_supported where it cannot', async () => {
    const check = (productId: string, gameCode: string, playerUid: string) =>
      moogold.validatePlayer({ productId, gameCode, playerUid, zoneId: '2001' });
    expect(await check(MLBB_86, 'mobile-legends', '55501234')).toEqual({
      kind: 'done',
      value: { playerName: 'Player1234' },
    });
    expect(await check(MLBB_86, 'mobile-legends', 'abc')).toMatchObject({
      kind: 'refused',
      code: 'invalid_player',
    });
    expect(await check(FF_100, 'free-fire', '123456789')).toMatchObject({
      kind: 'refused',
      reason: 'not_supported',
    });
  });

  it('the control API over HTTP sets faults and reads counters', async () => {
    const reference = ref();
    await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify({ refuse: 'Maintenance' }),
    });
    expect(await topup(reference)).toMatchObject({ kind: 'refused', reason: 'Maintenance' });
    await topup(reference);
    const state = (await (await fetch(`${sandbox.url}/_sandbox/state`)).json()) as {
      ordersCreated: Record<string, number>;
    };
    expect(state.ordersCreated[reference]).toBe(1);
  });
});
