import { mkdtempSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearGatewayKeyCache, fileStore, KEY_CACHE_MS, resolveGatewayKey } from './secret-store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secret-store-'));
  clearGatewayKeyCache();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('file store', () => {
  it('answers empty before a put, then the key; the file is {"api_key":...} with mode 0600', async () => {
    const s = fileStore(join(dir, 'nested'), 'shop');
    expect(await s.get()).toBe('');
    await s.put('abc-1234');
    expect(await s.get()).toBe('abc-1234');
    const file = join(dir, 'nested', 'shop.gateway-api-key.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ api_key: 'abc-1234' });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await s.put('new-key-9999');
    expect(await s.get()).toBe('new-key-9999');
  });

  it('keeps one file per table, so parallel test tables do not collide', async () => {
    await fileStore(dir, 'table-a').put('key-a');
    await fileStore(dir, 'table-b').put('key-b');
    expect(await fileStore(dir, 'table-a').get()).toBe('key-a');
    expect(await fileStore(dir, 'table-b').get()).toBe('key-b');
    expect(await fileStore(dir, '../escape').get()).toBe('');
  });

  it('reads {"api_key":""} (the secret as infra creates it) as no key, and refuses a value that is not the JSON', async () => {
    writeFileSync(join(dir, 'empty.gateway-api-key.json'), '{"api_key":""}');
    expect(await fileStore(dir, 'empty').get()).toBe('');
    writeFileSync(join(dir, 'bad.gateway-api-key.json'), 'plain-key');
    await expect(fileStore(dir, 'bad').get()).rejects.toThrow(/not JSON/);
  });
});

describe('the key cache', () => {
  const counting = (keys: string[]) => {
    let calls = 0;
    return {
      reader: { get: async () => keys[Math.min(calls++, keys.length - 1)]! },
      calls: () => calls,
    };
  };

  it('serves a key of the same version from memory for 5 minutes, then refetches', async () => {
    const r = counting(['k1', 'k1b']);
    let now = 1_000_000;
    const opts = { reader: r.reader, now: () => now };
    const ref = { where: 'store', version: 'v1', last4: 'k1' } as const;
    expect(await resolveGatewayKey('t', ref, opts)).toBe('k1');
    now += KEY_CACHE_MS - 1;
    expect(await resolveGatewayKey('t', ref, opts)).toBe('k1');
    expect(r.calls()).toBe(1);
    now += 1;
    expect(await resolveGatewayKey('t', ref, opts)).toBe('k1b');
    expect(r.calls()).toBe(2);
  });

  it('refetches at once when the config item names another version (a save)', async () => {
    const r = counting(['old', 'new']);
    const opts = { reader: r.reader, now: () => 0 };
    expect(await resolveGatewayKey('t', { where: 'store', version: 'v1', last4: '' }, opts)).toBe('old');
    expect(await resolveGatewayKey('t', { where: 'store', version: 'v2', last4: '' }, opts)).toBe('new');
    expect(r.calls()).toBe(2);
  });

  it('keeps tables apart and never reads the store for an inline key or none', async () => {
    const a = counting(['key-a']);
    const b = counting(['key-b']);
    const ref = { where: 'store', version: 'v1', last4: '' } as const;
    expect(await resolveGatewayKey('a', ref, { reader: a.reader })).toBe('key-a');
    expect(await resolveGatewayKey('b', ref, { reader: b.reader })).toBe('key-b');
    const none = counting(['x']);
    expect(await resolveGatewayKey('c', { where: 'inline', apiKey: 'legacy' }, { reader: none.reader })).toBe(
      'legacy',
    );
    expect(await resolveGatewayKey('c', { where: 'none' }, { reader: none.reader })).toBe('');
    expect(none.calls()).toBe(0);
  });
});
