import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Supplier, TopupRequest } from '../../../functions/src/clients/suppliers/supplier';
import { createUnipinSupplier } from '../../../functions/src/clients/suppliers/unipin';
import { freePort } from '../net';
import { startUnipinSandbox, type UnipinSandbox } from './server';

/** The UniPin adapter against the UniPin sandbox, each test on a fresh sandbox. */
let sandbox: UnipinSandbox;
let unipin: Supplier;
const adapter = (o: { secret?: string; timeoutMs?: number; now?: () => Date } = {}) =>
  createUnipinSupplier({
    baseUrl: sandbox.url,
    partnerId: sandbox.partnerId,
    secret: o.secret ?? sandbox.secret,
    timeoutMs: o.timeoutMs ?? 2000,
    ...(o.now && { now: o.now }),
  });

beforeEach(async () => {
  sandbox = await startUnipinSandbox({ port: await freePort(), balance: 10_000 });
  unipin = adapter();
});
afterEach(() => sandbox.stop());

const created = (ref: string) => sandbox.control.snapshot().ordersCreated[ref] ?? 0;

/** A validated Free Fire top-up for `uid`, ready to create. */
async function topup(reference: string, productId = 'FF-100', uid = '12345678'): Promise<TopupRequest> {
  const check = await unipin.validatePlayer({ productId, gameCode: 'FREEFIRE', playerUid: uid });
  if (check.kind !== 'done') throw new Error(`validate: ${JSON.stringify(check)}`);
  return {
    reference,
    productId,
    gameCode: 'FREEFIRE',
    playerUid: uid,
    validationToken: check.value.validationToken,
  };
}

describe('UniPin adapter against the UniPin sandbox', () => {
  it('validates a player: name and token; an unknown or malformed UID is refused', async () => {
    const ok = await unipin.validatePlayer({
      productId: 'FF-100',
      gameCode: 'FREEFIRE',
      playerUid: '123456789012',
    });
    expect(ok).toMatchObject({ kind: 'done', value: { playerName: 'KarimPro' } });
    expect(ok.kind === 'done' && ok.value.validationToken).toMatch(/^[0-9a-f]{32}$/);
    for (const uid of ['99999999', '1234567']) {
      const no = await unipin.validatePlayer({ productId: 'FF-100', gameCode: 'FREEFIRE', playerUid: uid });
      expect(no).toEqual({ kind: 'refused', reason: 'User ID not found', code: '410' });
    }
  });

  it('tops up: completed with the transaction id, the balance debited once', async () => {
    const outcome = await unipin.createTopup(await topup('ORD-1'));
    const order = sandbox.control.snapshot().orders[0]!;
    expect(outcome).toEqual({
      kind: 'done',
      value: { state: 'completed', supplierTransactionId: order.transaction_id },
    });
    expect(await unipin.balance()).toEqual({ kind: 'done', value: { amount: 10_000 - 99, currency: 'USD' } });
  });

  it('the same reference twice is one order; another order under it is refused', async () => {
    const request = await topup('ORD-2');
    const first = await unipin.createTopup(request);
    const again = await unipin.createTopup(request);
    expect(again).toEqual(first);
    expect(created('ORD-2')).toBe(1);
    expect(sandbox.control.snapshot().balance).toBe(10_000 - 99);
    const other = await unipin.createTopup(await topup('ORD-2', 'FF-310'));
    expect(other).toMatchObject({ kind: 'refused', code: '409' });
    expect(created('ORD-2')).toBe(1);
  });

  it('a timeout after the commit is unknown; the inquiry finds the one order', async () => {
    sandbox.control.set({ timeoutAfterCommit: 1 });
    const request = await topup('ORD-3');
    const outcome = await adapter({ timeoutMs: 300 }).createTopup(request);
    expect(outcome).toEqual({ kind: 'unknown', why: 'no answer within 300 ms' });
    const found = await unipin.inquire('ORD-3', 'topup');
    expect(found).toMatchObject({ kind: 'done', value: { state: 'completed' } });
    expect(created('ORD-3')).toBe(1);
  });

  it('a 5xx is unknown and commits nothing: the inquiry says not_found', async () => {
    const request = await topup('ORD-4');
    sandbox.control.set({ fail5xx: 1 });
    expect(await unipin.createTopup(request)).toEqual({ kind: 'unknown', why: 'HTTP 500' });
    expect(await unipin.inquire('ORD-4', 'topup')).toEqual({ kind: 'done', value: { state: 'not_found' } });
    expect(created('ORD-4')).toBe(0);
    expect(sandbox.control.snapshot().calls['/in-game-topup/order/create']).toBe(1);
  });

  it('a business refusal is refused with its reason, and nothing is committed', async () => {
    sandbox.control.set({ refuse: 'Game under maintenance' });
    const outcome = await unipin.createTopup(await topup('ORD-5'));
    expect(outcome).toEqual({ kind: 'refused', reason: 'Game under maintenance', code: '499' });
    expect(created('ORD-5')).toBe(0);
    expect(sandbox.control.snapshot().balance).toBe(10_000);
  });

  it('a balance running out refuses the order it cannot pay', async () => {
    sandbox.control.set({ balance: 150 });
    expect((await unipin.createTopup(await topup('ORD-6'))).kind).toBe('done');
    const broke = await unipin.createTopup(await topup('ORD-7'));
    expect(broke).toEqual({ kind: 'refused', reason: 'Insufficient balance', code: '430' });
    expect(created('ORD-7')).toBe(0);
    expect(await unipin.balance()).toEqual({ kind: 'done', value: { amount: 51, currency: 'USD' } });
  });

  it('a wrong secret or a stale timestamp is refused on every call, and nothing is done', async () => {
    const request = await topup('ORD-8');
    const before = sandbox.control.snapshot();
    const tenMinutesAgo = () => new Date(Date.now() - 10 * 60_000);
    for (const bad of [adapter({ secret: 'not-the-secret' }), adapter({ now: tenMinutesAgo })]) {
      const outcomes = [
        await bad.validatePlayer({ productId: 'FF-100', gameCode: 'FREEFIRE', playerUid: '12345678' }),
        await bad.createTopup(request),
        await bad.requestVoucher({ reference: 'ORD-9', productId: 'UPGC-1' }),
        await bad.inquire('ORD-8', 'topup'),
        await bad.balance(),
        await bad.stock('UPGC-1'),
      ];
      for (const outcome of outcomes) expect(outcome).toMatchObject({ kind: 'refused', code: '401' });
    }
    const after = sandbox.control.snapshot();
    expect(after.orders).toEqual([]);
    expect([after.balance, after.stock]).toEqual([before.balance, before.stock]);
  });

  it('an inquiry slower than the timeout is unknown', async () => {
    await unipin.createTopup(await topup('ORD-10'));
    sandbox.control.set({ slowInquiryMs: 1500 });
    expect(await adapter({ timeoutMs: 300 }).inquire('ORD-10', 'topup')).toEqual({
      kind: 'unknown',
      why: 'no answer within 300 ms',
    });
  });

  it('a voucher request returns a code and takes it from stock; no stock is refused', async () => {
    expect(await unipin.stock('UPGC-5')).toEqual({ kind: 'done', value: 2 });
    const first = await unipin.requestVoucher({ reference: 'V-1', productId: 'UPGC-5' });
    expect(first).toMatchObject({
      kind: 'done',
      value: { state: 'completed', codes: [expect.stringMatching(/^UPGC5-/)] },
    });
    expect(await unipin.stock('UPGC-5')).toEqual({ kind: 'done', value: 1 });
    expect(await unipin.inquire('V-1', 'voucher')).toEqual(first);
    expect(await unipin.inquire('V-1', 'topup')).toEqual({ kind: 'done', value: { state: 'not_found' } });
    await unipin.requestVoucher({ reference: 'V-2', productId: 'UPGC-5' });
    const none = await unipin.requestVoucher({ reference: 'V-3', productId: 'UPGC-5' });
    expect(none).toEqual({ kind: 'refused', reason: 'Out of stock', code: '431' });
    expect(await unipin.balance()).toEqual({
      kind: 'done',
      value: { amount: 10_000 - 1000, currency: 'USD' },
    });
  });

  it('a pending order is processing until the sandbox settles it; a failed one is refunded', async () => {
    sandbox.control.set({ pending: true });
    expect(await unipin.createTopup(await topup('ORD-11'))).toMatchObject({
      kind: 'done',
      value: { state: 'processing' },
    });
    expect(await unipin.requestVoucher({ reference: 'V-4', productId: 'UPGC-1' })).toMatchObject({
      kind: 'done',
      value: { state: 'processing' },
    });
    sandbox.control.complete('ORD-11', 'completed');
    expect(await unipin.inquire('ORD-11', 'topup')).toMatchObject({
      kind: 'done',
      value: { state: 'completed' },
    });
    sandbox.control.complete('V-4', 'failed', 'Publisher rejected');
    expect(await unipin.inquire('V-4', 'voucher')).toEqual({
      kind: 'done',
      value: { state: 'failed', reason: 'Publisher rejected' },
    });
    expect(sandbox.control.snapshot()).toMatchObject({ balance: 10_000 - 99, stock: { 'UPGC-1': 5 } });
  });

  it('the control API over HTTP sets faults and reports counters', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${sandbox.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
    expect((await post('/_sandbox/faults', { fail5xx: 2, balance: 500 })).status).toBe(200);
    expect((await unipin.balance()).kind).toBe('unknown');
    expect((await unipin.balance()).kind).toBe('unknown');
    expect(await unipin.balance()).toEqual({ kind: 'done', value: { amount: 500, currency: 'USD' } });
    const state = (await (await fetch(`${sandbox.url}/_sandbox/state`)).json()) as {
      calls: Record<string, number>;
    };
    expect(state.calls['/voucher/balance']).toBe(3);
  });
});
