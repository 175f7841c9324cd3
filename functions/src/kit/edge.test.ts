import { afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../runtime/config';
import { cameThroughEdge, viewerIp } from './edge';

const SECRET = 'origin-verify-secret-0123456789';

function withSecret(value: string | undefined) {
  if (value === undefined) delete process.env.ORIGIN_VERIFY_SECRET;
  else process.env.ORIGIN_VERIFY_SECRET = value;
  process.env.TABLE_NAME ??= 'unit';
  resetConfig();
}

afterEach(() => withSecret(undefined));

describe('the edge check', () => {
  it('lets every request through where no secret is set (the local stack)', () => {
    withSecret(undefined);
    expect(cameThroughEdge({})).toBe(true);
    expect(viewerIp({ 'cloudfront-viewer-address': '203.0.113.9:443' })).toBeUndefined();
  });

  it('refuses a request without the right x-origin-verify header', () => {
    withSecret(SECRET);
    expect(cameThroughEdge({})).toBe(false);
    expect(cameThroughEdge({ 'x-origin-verify': 'wrong' })).toBe(false);
    expect(cameThroughEdge({ 'x-origin-verify': `${SECRET}x` })).toBe(false);
    expect(cameThroughEdge({ 'x-origin-verify': SECRET })).toBe(true);
  });

  it("reads the viewer's address from CloudFront, IPv4 and IPv6", () => {
    withSecret(SECRET);
    expect(viewerIp({ 'cloudfront-viewer-address': '203.0.113.9:51234' })).toBe('203.0.113.9');
    expect(viewerIp({ 'cloudfront-viewer-address': '2001:db8::7:443' })).toBe('2001:db8::7');
    expect(viewerIp({})).toBeUndefined();
  });
});
