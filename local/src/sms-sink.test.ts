import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSslWireless } from '../../functions/src/clients/sms/ssl-wireless';
import { startSmsSink, type SmsSink } from './sms-sink';

/**
 * The SSL Wireless adapter against the local SMS sink that speaks its request and answer shapes:
 * each outcome the notifier and the phone check act on, and the faults the tests inject.
 */
let sink: SmsSink;
let seq = 0;
const ref = () => `t${Date.now().toString(36)}${(seq++).toString(36)}`;
const provider = (over: { apiToken?: string; timeoutMs?: number } = {}) =>
  createSslWireless({
    baseUrl: sink.url,
    apiToken: over.apiToken ?? sink.apiToken,
    sid: sink.sid,
    timeoutMs: over.timeoutMs ?? 2000,
  });

beforeAll(async () => {
  sink = await startSmsSink();
});
afterAll(async () => sink?.stop());

describe('SSL Wireless adapter against the SMS sink', () => {
  it('sends: the sink keeps the SMS under the local number, with our reference as csms_id', async () => {
    const reference = ref();
    const outcome = await provider().send({ to: '01712345678', text: 'খেলাঘর: অর্ডার সম্পন্ন।', reference });
    expect(outcome).toMatchObject({ kind: 'sent', providerId: expect.stringMatching(/^[0-9a-f]{20}$/) });
    expect(sink.messages({ to: '+8801712345678' })[0]).toMatchObject({
      to: '01712345678',
      text: 'খেলাঘর: অর্ডার সম্পন্ন।',
      csmsId: reference,
    });
  });

  it('a second message with the same reference is refused as a duplicate: sent once, read as sent', async () => {
    const reference = ref();
    const before = sink.messages().length;
    expect((await provider().send({ to: '01812345678', text: 'one', reference })).kind).toBe('sent');
    const again = await provider().send({ to: '01812345678', text: 'one', reference });
    expect(again).toMatchObject({ kind: 'sent', duplicate: true });
    expect(sink.messages().length).toBe(before + 1);
  });

  it('wrong credentials and a bad number are refusals', async () => {
    expect(
      await provider({ apiToken: 'wrong' }).send({ to: '01712345678', text: 'x', reference: ref() }),
    ).toMatchObject({
      kind: 'refused',
      code: '4001',
    });
    expect(await provider().send({ to: '01212345678', text: 'x', reference: ref() })).toMatchObject({
      kind: 'refused',
      reason: 'Invalid MSISDN',
    });
  });

  it('a 5xx is unknown and keeps nothing; an injected refusal is refused', async () => {
    const before = sink.messages().length;
    sink.failNext('error');
    expect((await provider().send({ to: '01712345678', text: 'x', reference: ref() })).kind).toBe('unknown');
    sink.failNext('refuse');
    expect((await provider().send({ to: '01712345678', text: 'x', reference: ref() })).kind).toBe('refused');
    expect(sink.messages().length).toBe(before);
  });

  it('a timeout is unknown although the SMS went; asking again with the reference does not send it twice', async () => {
    const reference = ref();
    sink.failNext('timeout');
    const first = await provider({ timeoutMs: 200 }).send({ to: '01912345678', text: 'late', reference });
    expect(first).toMatchObject({ kind: 'unknown', why: 'no answer within 200 ms' });
    expect(sink.messages({ to: '01912345678' })).toHaveLength(1);
    const retry = await provider().send({ to: '01912345678', text: 'late', reference });
    expect(retry).toMatchObject({ kind: 'sent', duplicate: true });
    expect(sink.messages({ to: '01912345678' })).toHaveLength(1);
  });

  it('serves the page and the JSON list', async () => {
    const page = await fetch(sink.url);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('খেলাঘর: অর্ডার সম্পন্ন।');
    const json = (await (await fetch(`${sink.url}/api/messages?to=01712345678`)).json()) as unknown[];
    expect(json.length).toBeGreaterThan(0);
    const bad = await fetch(`${sink.url}/api/fail-next`, { method: 'POST', body: '{"fault":"timeout"}' });
    expect(bad.status).toBe(415);
  });
});
