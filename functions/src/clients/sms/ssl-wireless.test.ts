import { describe, expect, it } from 'vitest';
import { createSslWireless } from './ssl-wireless';

/**
 * What each answer of SSL Wireless's send-sms means (the happy paths and the faults against the
 * local sink: local/src/sms-sink.test.ts): anything the adapter cannot read is unknown, never a guess.
 */
const answering = (status: number, body: string) => {
  const seen: Array<Record<string, unknown>> = [];
  const provider = createSslWireless({
    baseUrl: 'https://sms.example',
    apiToken: 'token',
    sid: 'KHELAGHOR',
    fetch: (async (_url: URL, init: RequestInit) => {
      seen.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return new Response(body, { status, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch,
  });
  return { provider, seen };
};
const send = (p: ReturnType<typeof answering>['provider']) =>
  p.send({ to: '01712345678', text: 'Khelaghor: hi', reference: 'abc123' });
const ok = (info: Record<string, unknown>) =>
  JSON.stringify({ status: 'SUCCESS', status_code: 200, error_message: '', smsinfo: [info] });

describe('SSL Wireless answers', () => {
  it('sends the documented body: token, SID, 8801 MSISDN, text, our reference as csms_id', async () => {
    const { provider, seen } = answering(200, ok({ sms_status: 'SUCCESS', reference_id: 'r1' }));
    expect(await send(provider)).toEqual({ kind: 'sent', providerId: 'r1' });
    expect(seen[0]).toEqual({
      api_token: 'token',
      sid: 'KHELAGHOR',
      msisdn: '8801712345678',
      sms: 'Khelaghor: hi',
      csms_id: 'abc123',
    });
  });

  it.each([
    [
      'FAILED with a reason',
      200,
      { status: 'FAILED', status_code: 4003, error_message: 'IP Blacklisted' },
      'refused',
    ],
    ['a 4xx with JSON', 401, { status: 'FAILED', error_message: 'Unauthorized' }, 'refused'],
    [
      'SUCCESS whose SMS failed',
      200,
      { status: 'SUCCESS', smsinfo: [{ sms_status: 'FAILED', status_message: 'Invalid' }] },
      'refused',
    ],
    ['a duplicate csms_id', 200, { status: 'FAILED', error_message: 'Duplicate CSMS ID' }, 'sent'],
    ['a 5xx', 502, { message: 'Bad Gateway' }, 'unknown'],
    ['neither SUCCESS nor FAILED', 200, { status: 'PENDING' }, 'unknown'],
  ])('%s is %s', async (_name, status, body, kind) => {
    expect((await send(answering(status, JSON.stringify(body)).provider)).kind).toBe(kind);
  });

  it('a body that is not JSON is unknown, and so is a network error', async () => {
    expect((await send(answering(200, '<html>maintenance</html>').provider)).kind).toBe('unknown');
    const broken = createSslWireless({
      baseUrl: 'https://sms.example',
      apiToken: 't',
      sid: 's',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as unknown as typeof fetch,
    });
    expect(await send(broken)).toEqual({ kind: 'unknown', why: 'network: fetch failed' });
  });
});
