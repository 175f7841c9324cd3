import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSms } from '../../../functions/src/domain/payments/sms/parse-sms';
import { verifySignature } from '../../../functions/src/domain/resellers/signing';
import { startShopPhone, type ShopPhone } from './server';

/**
 * The shop phone against a stand-in intake that checks each request with the shop's own
 * signature check: what the page sends is what a forwarder must send (docs/sms-forwarder.md).
 */
const SECRET = 'phone-secret-for-this-test';
const received: Array<{ body: Record<string, unknown>; valid: boolean; keyId: string }> = [];
let intake: Server;
let phone: ShopPhone;

beforeAll(async () => {
  intake = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const h = (n: string) => String(req.headers[n] ?? '');
      const valid = verifySignature({
        method: req.method ?? '',
        path: req.url ?? '',
        timestamp: h('x-timestamp'),
        nonce: h('x-nonce'),
        body: raw,
        secret: SECRET,
        signature: h('x-signature'),
      });
      received.push({ body: JSON.parse(raw) as Record<string, unknown>, valid, keyId: h('x-key-id') });
      res.writeHead(valid ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(valid ? { status: 'stored', sms_id: 'x', reading: 'parsed' } : {}));
    });
  });
  await new Promise<void>((r) => intake.listen(0, '127.0.0.1', r));
  phone = await startShopPhone({
    port: 0,
    shopUrl: `http://127.0.0.1:${(intake.address() as AddressInfo).port}`,
    phones: [{ deviceId: 'sd_TESTPHONE01', secret: SECRET, provider: 'bkash', number: '01711111111' }],
  });
});
afterAll(async () => {
  await phone?.stop();
  await new Promise((r) => intake?.close(r));
});

describe('the shop phone', () => {
  it('signs as a forwarder does and keeps the balance chain from one SMS to the next', async () => {
    const first = await phone.send({ number: '01711111111', amount: '500', trx_id: 'bk1a2b3c4d' });
    const second = await (
      await fetch(`${phone.url}/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ number: '01711111111', wording: 'bkash-send-money-bn', amount: '250.50' }),
      })
    ).json();
    expect(first).toMatchObject({ status: 200, trx_id: 'BK1A2B3C4D', balance_poisha: 50_000 });
    expect(second).toMatchObject({ status: 200, balance_poisha: 75_050 });
    expect(received.map((r) => [r.valid, r.keyId])).toEqual([
      [true, 'sd_TESTPHONE01'],
      [true, 'sd_TESTPHONE01'],
    ]);
    const read = received.map((r) => parseSms({ sender: String(r.body.sender), text: String(r.body.text) }));
    expect(read).toMatchObject([
      { kind: 'parsed', amountPoisha: 50_000, balancePoisha: 50_000, trxId: 'BK1A2B3C4D' },
      { kind: 'parsed', wording: 'bkash-send-money-bn', amountPoisha: 25_050, balancePoisha: 75_050 },
    ]);
    expect(received[0]!.body.message_id).not.toBe(received[1]!.body.message_id);
  });

  it('answers a clear 400 for an unknown phone or a bad amount', async () => {
    const post = (body: unknown) =>
      fetch(`${phone.url}/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ number: '01900000000', amount: '5' })).status).toBe(400);
    expect((await post({ number: '01711111111', amount: '5,00' })).status).toBe(400);
    expect((await post({ number: '01711111111', amount: '5', wording: 'nagad-send-money-en' })).status).toBe(
      400,
    );
  });
});
