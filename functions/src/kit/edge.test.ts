import { afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../runtime/config';
import { clearSecretCache } from '../runtime/secrets';
import { edgeCheck, viewerIp } from './edge';

const SECRET = 'origin-verify-secret-0123456789';
const NEXT = 'origin-verify-secret-after-rotation';

function withSecret(value: string | undefined) {
  if (value === undefined) delete process.env.ORIGIN_VERIFY_SECRET;
  else process.env.ORIGIN_VERIFY_SECRET = value;
  process.env.TABLE_NAME ??= 'unit';
  resetConfig();
  clearSecretCache();
}

const passes = async (header?: string) =>
  (await edgeCheck(header === undefined ? {} : { 'x-origin-verify': header })).passed;

afterEach(() => withSecret(undefined));

describe('the edge check', () => {
  it('lets every request through where no secret is set (the local stack)', async () => {
    withSecret(undefined);
    expect(await edgeCheck({})).toEqual({ passed: true, behindEdge: false });
  });

  it('refuses a request without the right x-origin-verify header', async () => {
    withSecret(SECRET);
    expect(await passes()).toBe(false);
    expect(await passes('wrong')).toBe(false);
    expect(await passes(`${SECRET}x`)).toBe(false);
    expect(await passes(SECRET)).toBe(true);
  });

  it('accepts the current and the previous value during a rotation, and no third', async () => {
    withSecret(JSON.stringify({ current: NEXT, previous: SECRET }));
    expect(await passes(NEXT)).toBe(true);
    expect(await passes(SECRET)).toBe(true);
    expect(await passes('origin-verify-secret-a-third-value')).toBe(false);
    expect(await passes('')).toBe(false);
    // Previous dropped: the old value is refused.
    withSecret(JSON.stringify({ current: NEXT }));
    expect(await passes(NEXT)).toBe(true);
    expect(await passes(SECRET)).toBe(false);
  });

  it('fails closed on a malformed or short value rather than letting requests through', async () => {
    withSecret('{"current": 1}');
    await expect(edgeCheck({ 'x-origin-verify': '1' })).rejects.toThrow(/ORIGIN_VERIFY_SECRET/);
    withSecret(JSON.stringify({ current: NEXT, previous: 'short' }));
    await expect(edgeCheck({ 'x-origin-verify': NEXT })).rejects.toThrow(/at least 16/);
  });

  it("reads the viewer's address from CloudFront, IPv4 and IPv6, only behind the edge", () => {
    expect(viewerIp({ 'cloudfront-viewer-address': '203.0.113.9:51234' }, true)).toBe('203.0.113.9');
    expect(viewerIp({ 'cloudfront-viewer-address': '2001:db8::7:443' }, true)).toBe('2001:db8::7');
    expect(viewerIp({}, true)).toBeUndefined();
    expect(viewerIp({ 'cloudfront-viewer-address': '203.0.113.9:443' }, false)).toBeUndefined();
  });
});
