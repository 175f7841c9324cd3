import { describe, expect, it } from 'vitest';
import { cacheSeconds, createEdge, type OriginAnswer, type ViewerRequest } from './edge';

const SECRET = 'origin-verify-value-of-the-test';
const request = (over: Partial<ViewerRequest> = {}): ViewerRequest => ({
  method: 'GET',
  path: '/api/orders',
  query: '',
  headers: {},
  viewerAddress: '203.0.113.7:50123',
  ...over,
});
const answer = (cacheControl: string, status = 200): OriginAnswer => ({
  status,
  headers: { 'content-type': 'application/json', 'cache-control': cacheControl },
  body: Buffer.from('{}'),
});

/** An origin that counts its calls and answers with the given Cache-Control. */
function countingOrigin(cacheControl: string) {
  const seen: Array<Record<string, string>> = [];
  return {
    seen,
    origin: async (headers: Record<string, string>) => (seen.push(headers), answer(cacheControl)),
  };
}

describe('the local edge: what reaches the handlers', () => {
  it('forwards only the allow-list, whatever the case, and adds the origin secret and viewer address', () => {
    const edge = createEdge({ originVerifySecret: SECRET });
    const headers = edge.originHeaders(
      request({
        headers: {
          'IDEMPOTENCY-KEY': 'k-1',
          'content-type': 'application/json',
          authorization: 'Bearer t',
          host: 'evil.example',
          cookie: 'a=b',
          'x-forwarded-for': '10.0.0.1',
          'x-origin-verify': 'guessed',
          'cloudfront-viewer-address': '10.9.9.9:1',
        },
      }),
    );
    expect(headers).toEqual({
      'idempotency-key': 'k-1',
      'content-type': 'application/json',
      authorization: 'Bearer t',
      'x-origin-verify': SECRET,
      'cloudfront-viewer-address': '203.0.113.7:50123',
    });
  });

  it('sends no Authorization to an edge-cached public read (its cache policy has none)', () => {
    const edge = createEdge({ originVerifySecret: SECRET });
    const headers = edge.originHeaders(
      request({ path: '/api/products/p-1', headers: { authorization: 'Bearer t' } }),
    );
    expect(headers).not.toHaveProperty('authorization');
    expect(headers['x-origin-verify']).toBe(SECRET);
  });

  it('sends the current value of a rotating secret, and nothing without one', () => {
    const rotating = JSON.stringify({ current: SECRET, previous: 'the-value-before-rotation' });
    expect(createEdge({ originVerifySecret: rotating }).originHeaders(request())['x-origin-verify']).toBe(
      SECRET,
    );
    expect(createEdge().originHeaders(request({ headers: { 'x-origin-verify': 'x' } }))).not.toHaveProperty(
      'x-origin-verify',
    );
  });

  it('answers 403 to a write on an edge-cached path, without asking the origin', async () => {
    const { seen, origin } = countingOrigin('no-store');
    const res = await createEdge().handle(request({ method: 'POST', path: '/api/catalog' }), origin);
    expect(res.status).toBe(403);
    expect(seen).toHaveLength(0);
  });
});

describe('the local edge: caching', () => {
  it('serves a public read again for its s-maxage, then asks the origin', async () => {
    let now = 1_000_000;
    const edge = createEdge({ now: () => now });
    const { seen, origin } = countingOrigin('public, max-age=0, s-maxage=5');
    const first = await edge.handle(request({ path: '/api/catalog' }), origin);
    now += 4_000;
    const second = await edge.handle(request({ path: '/api/catalog' }), origin);
    expect(seen).toHaveLength(1);
    expect(first.headers['x-cache']).toBe('Miss from cloudfront');
    expect(second.headers).toMatchObject({ 'x-cache': 'Hit from cloudfront', age: '4' });
    // Another query string is another object.
    await edge.handle(request({ path: '/api/catalog', query: 'lang=bn' }), origin);
    expect(seen).toHaveLength(2);
    now += 1_000;
    await edge.handle(request({ path: '/api/catalog' }), origin);
    expect(seen).toHaveLength(3);
  });

  it('keeps nothing an answer marks no-store, private or leaves without a lifetime, nor any write', async () => {
    for (const cacheControl of ['no-store', 'private, max-age=60', '']) {
      const edge = createEdge();
      const { seen, origin } = countingOrigin(cacheControl);
      await edge.handle(request({ path: '/api/catalog' }), origin);
      await edge.handle(request({ path: '/api/catalog' }), origin);
      expect(seen, cacheControl).toHaveLength(2);
    }
    const edge = createEdge();
    const { seen, origin } = countingOrigin('public, s-maxage=60');
    await edge.handle(request({ method: 'POST' }), origin);
    await edge.handle(request({ method: 'POST' }), origin);
    expect(seen).toHaveLength(2);
  });

  it('keys /api/* answers by the token, so one caller never gets another one’s', async () => {
    const edge = createEdge();
    const { seen, origin } = countingOrigin('public, s-maxage=60');
    await edge.handle(request({ headers: { authorization: 'Bearer a' } }), origin);
    await edge.handle(request({ headers: { authorization: 'Bearer b' } }), origin);
    await edge.handle(request({ headers: { authorization: 'Bearer a' } }), origin);
    expect(seen).toHaveLength(2);
  });

  it('asks the origin every time with the cache off', async () => {
    const edge = createEdge({ cache: false });
    const { seen, origin } = countingOrigin('public, s-maxage=60');
    await edge.handle(request({ path: '/api/catalog' }), origin);
    await edge.handle(request({ path: '/api/catalog' }), origin);
    expect(seen).toHaveLength(2);
  });

  it('reads the lifetime as CloudFront does: s-maxage first, at most 300 s, only for success', () => {
    expect(cacheSeconds(answer('public, max-age=0, s-maxage=5'))).toBe(5);
    expect(cacheSeconds(answer('public, max-age=3600'))).toBe(300);
    expect(cacheSeconds(answer('no-cache, s-maxage=5'))).toBe(0);
    expect(cacheSeconds(answer('public, s-maxage=5', 404))).toBe(0);
  });
});
