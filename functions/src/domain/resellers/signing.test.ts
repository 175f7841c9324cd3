import { describe, expect, it } from 'vitest';
import {
  deriveKeySecret,
  keySecretFromRoots,
  sha256Hex,
  signingString,
  signRequest,
  timestampInWindow,
  verifySignature,
} from './signing';

const parts = {
  method: 'post',
  path: '/api/reseller/v1/orders',
  timestamp: 1700000000,
  nonce: 'abcdefghijklmnop',
  body: '{"a":1}',
};

describe('reseller signing', () => {
  it('derives a stable base64url secret per key', () => {
    const a = deriveKeySecret('server-secret', 'rk_1');
    // Known answer, computed once with openssl-equivalent HMAC-SHA256.
    expect(a).toBe('Zy90MyaS4XKjueBFGhvLrGE3hazJzhlXarjqL6Jxv40');
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(deriveKeySecret('server-secret', 'rk_2')).not.toBe(a);
    expect(deriveKeySecret('other', 'rk_1')).not.toBe(a);
  });

  it("finds a key's secret with the root that made it (its stored hash tells), whichever place it has", () => {
    const old = deriveKeySecret('root-a', 'rk_1');
    const hash = sha256Hex(old);
    expect(keySecretFromRoots(['root-a'], 'rk_1', hash)).toBe(old);
    expect(keySecretFromRoots(['root-b', 'root-a'], 'rk_1', hash)).toBe(old);
    expect(keySecretFromRoots(['root-b'], 'rk_1', hash)).toBeUndefined();
    expect(keySecretFromRoots(['root-a'], 'rk_2', hash)).toBeUndefined();
    expect(keySecretFromRoots([], 'rk_1', hash)).toBeUndefined();
  });

  it('signs METHOD, path, timestamp, nonce and the body hash, one per line', () => {
    expect(signingString(parts)).toBe(
      `POST\n/api/reseller/v1/orders\n1700000000\nabcdefghijklmnop\n${sha256Hex('{"a":1}')}`,
    );
    expect(signingString({ ...parts, body: '' })).toMatch(/\ne3b0c44298fc1c149afbf4c8996fb924/);
    const sig = signRequest({ ...parts, secret: 's' });
    expect(sig).toBe('f439d4d3c093a2236696044593a20bfff6df312de4890d196237fc8de3d54d6a');
  });

  it('verifies only the exact request', () => {
    const signature = signRequest({ ...parts, secret: 's' });
    expect(verifySignature({ ...parts, secret: 's', signature })).toBe(true);
    expect(verifySignature({ ...parts, secret: 's', signature: signature.toUpperCase() })).toBe(true);
    for (const changed of [
      { method: 'GET' },
      { path: '/api/reseller/v1/orders?x=1' },
      { timestamp: 1700000001 },
      { nonce: 'abcdefghijklmnoq' },
      { body: '{"a":2}' },
      { secret: 't' },
    ])
      expect(verifySignature({ ...parts, secret: 's', signature, ...changed })).toBe(false);
    expect(verifySignature({ ...parts, secret: 's', signature: 'nothex' })).toBe(false);
    expect(verifySignature({ ...parts, secret: 's', signature: signature.slice(2) })).toBe(false);
  });

  it('accepts timestamps within 300 s either way', () => {
    const now = 1_700_000_000_000;
    expect(timestampInWindow('1700000000', now)).toBe(true);
    expect(timestampInWindow('1700000300', now)).toBe(true);
    expect(timestampInWindow('1699999700', now)).toBe(true);
    expect(timestampInWindow('1700000301', now)).toBe(false);
    expect(timestampInWindow('1699999699', now)).toBe(false);
    expect(timestampInWindow('1700000000.5', now)).toBe(false);
    expect(timestampInWindow('', now)).toBe(false);
  });
});
