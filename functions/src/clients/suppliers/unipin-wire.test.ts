import { describe, expect, it } from 'vitest';
import { createUnipinSupplier } from './unipin';
import { toMinorUnits, unipinAuth } from './unipin-wire';

/** An adapter whose every call gets this answer (or this failure). */
function answering(status: number, body: string | (() => never)) {
  const seen: Array<{ url: string; init: RequestInit }> = [];
  const fake = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    if (typeof body === 'function') body();
    return new Response(body as string, { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  const supplier = createUnipinSupplier({
    baseUrl: 'http://unipin.test/',
    partnerId: 'P1',
    secret: 's3cret',
    fetch: fake,
    now: () => new Date(1_700_000_000_500),
  });
  return { supplier, seen };
}

const json = (v: unknown) => JSON.stringify(v);

describe('UniPin wire', () => {
  it('signs partnerid + timestamp + path with HMAC-SHA256 (vector from openssl)', async () => {
    // printf 'P11700000000/voucher/balance' | openssl dgst -sha256 -hmac s3cret
    expect(unipinAuth('s3cret', 'P1', '1700000000', '/voucher/balance')).toBe(
      '8bc016d2fe675e3f9e72304457129474440bfd7ac7f293d8054bdc7999e3c064',
    );
    const { supplier, seen } = answering(200, json({ status: 1, balance: '1.00', currency: 'USD' }));
    await supplier.balance();
    const headers = seen[0]!.init.headers as Record<string, string>;
    expect(seen[0]!.url).toBe('http://unipin.test/voucher/balance');
    expect(headers).toMatchObject({
      partnerid: 'P1',
      timestamp: '1700000000',
      path: '/voucher/balance',
      auth: '8bc016d2fe675e3f9e72304457129474440bfd7ac7f293d8054bdc7999e3c064',
    });
  });

  it('reads decimal money into minor units without rounding', () => {
    expect(toMinorUnits('1.99', 'USD')).toBe(199);
    // Minor units as CLDR (Intl) counts them: the rupiah has none in use, the yen none at all.
    expect(toMinorUnits(15000, 'IDR')).toBe(15000);
    expect(toMinorUnits('15000.00', 'IDR')).toBe(15000);
    expect(toMinorUnits('0.1', 'USD')).toBe(10);
    expect(toMinorUnits('120.00', 'JPY')).toBe(120);
    expect(toMinorUnits('1.999', 'USD')).toBeUndefined();
    expect(toMinorUnits('120.5', 'JPY')).toBeUndefined();
    expect(toMinorUnits('-1.00', 'USD')).toBeUndefined();
    expect(toMinorUnits('1.00', 'NOTACURRENCY')).toBeUndefined();
  });

  it('names each kind of bad answer unknown, and a status 0 refused', async () => {
    const ref = {
      reference: 'ORD1',
      productId: 'FF-100',
      gameCode: 'FREEFIRE',
      playerUid: '12345678',
      validationToken: 't',
    };
    const cases: Array<[number, string, string]> = [
      [502, json({ status: 1 }), 'unknown'],
      [200, '<html>oops</html>', 'unknown'],
      [200, json([1]), 'unknown'],
      [200, json({ transaction_id: 'T1' }), 'unknown'], // no status
      [404, json({ status: 1, transaction_id: 'T1' }), 'unknown'], // success with a 4xx
      [200, json({ status: 1 }), 'unknown'], // completed without a transaction id
      [200, json({ status: 1, reference_no: 'OTHER', transaction_id: 'T1' }), 'unknown'],
      [200, json({ status: 1, transaction_id: 'T1', order_status: 'weird' }), 'unknown'],
      [200, json({ status: 0, error: { code: '430', message: 'Insufficient balance' } }), 'refused'],
      [200, json({ status: 1, transaction_id: 'T1' }), 'done'],
    ];
    for (const [status, body, kind] of cases) {
      const outcome = await answering(status, body).supplier.createTopup(ref);
      expect({ status, body, kind: outcome.kind }).toEqual({ status, body, kind });
    }
    const refused = await answering(
      200,
      json({ status: 0, error: { code: '430', message: 'Insufficient balance' } }),
    ).supplier.createTopup(ref);
    expect(refused).toEqual({ kind: 'refused', reason: 'Insufficient balance', code: '430' });
  });

  it('a network failure is unknown; a voucher "completed" without its code is unknown', async () => {
    const down = answering(200, () => {
      throw new TypeError('fetch failed');
    });
    expect(await down.supplier.balance()).toEqual({ kind: 'unknown', why: 'network: fetch failed' });
    const noCode = answering(
      200,
      json({ status: 1, transaction_id: 'T1', order_status: 'completed', items: [] }),
    );
    expect((await noCode.supplier.requestVoucher({ reference: 'ORD2', productId: 'UPGC-1' })).kind).toBe(
      'unknown',
    );
    const noToken = answering(200, json({ status: 1, username: 'RahimFF' }));
    expect(
      (await noToken.supplier.validatePlayer({ productId: 'x', gameCode: 'FREEFIRE', playerUid: '12345678' }))
        .kind,
    ).toBe('unknown');
  });

  it('refuses a top-up without a validation token before sending anything', async () => {
    const { supplier, seen } = answering(200, json({ status: 1, transaction_id: 'T1' }));
    const outcome = await supplier.createTopup({
      reference: 'ORD3',
      productId: 'FF-100',
      gameCode: 'FREEFIRE',
      playerUid: '1',
    });
    expect(outcome.kind).toBe('refused');
    expect(seen).toHaveLength(0);
  });
});
