import { routes } from '@khelaghor/contract';
import { buildHttpEvent } from '@khelaghor/events';
import type { Context } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { loadHandler } from '../src/handlers/load';
import { callbackSecret } from '../src/use-cases/resellers/deliver-callback';
import { resetConfig } from '../src/runtime/config';
import { clearSecretCache } from '../src/runtime/secrets';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { seedProfile, seedVariant } from './commerce-fixtures';
import { signed, type Signer } from './reseller-fixtures';

/**
 * The rotation procedures of docs/deploy.md ("Rotating the secrets"), step by step, through the
 * handlers: the value a secret holds is changed between calls (here the local value, which the
 * Lambdas read from Secrets Manager with the same parser; runtime/secrets.test.ts covers that
 * read and its cache), and what was issued before the rotation keeps working until `previous`
 * is dropped.
 */

const ROOT_A = 'reseller-key-root-A-0123456789abcdefghijklmnop';
const ROOT_B = 'reseller-key-root-B-0123456789abcdefghijklmnop';
const CURSOR_A = 'cursor-key-A-0123456789abcdefghijklmnopqrstuv';
const CURSOR_B = 'cursor-key-B-0123456789abcdefghijklmnopqrstuv';
const ORIGIN_A = 'origin-verify-A-0123456789abcdef';
const ORIGIN_B = 'origin-verify-B-0123456789abcdef';

const NAMES = ['RESELLER_KEY_SECRET', 'CURSOR_SECRET', 'ORIGIN_VERIFY_SECRET'] as const;
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));

/** What an operator's put-secret-value does, as a container sees it once its cache has expired. */
function setSecret(name: (typeof NAMES)[number], value: string | { current: string; previous?: string }) {
  process.env[name] = typeof value === 'string' ? value : JSON.stringify(value);
  resetConfig();
  clearSecretCache();
}

let db: Db;
const reseller = customer(801);

beforeAll(async () => {
  db = await freshTable('rotation');
  await seedProfile(db, reseller, 10_000);
});
afterEach(() => {
  for (const n of NAMES) {
    if (saved[n] === undefined) delete process.env[n];
    else process.env[n] = saved[n];
  }
  resetConfig();
  clearSecretCache();
});

describe('rotating the origin-verify value', () => {
  /** A request as it reaches API Gateway, with the header CloudFront (or anyone else) sent. */
  async function health(originVerify: string | undefined) {
    const route = routes.health;
    const event = buildHttpEvent({
      method: route.method,
      routePath: route.path,
      rawPath: route.path,
      headers: originVerify === undefined ? {} : { 'x-origin-verify': originVerify },
      sourceIp: '130.176.0.10',
    });
    const handler = await loadHandler(route.handler);
    return (await handler(event, { awsRequestId: 'test' } as Context)).statusCode;
  }

  it('accepts the old and the new value while CloudFront changes over, then only the new one', async () => {
    setSecret('ORIGIN_VERIFY_SECRET', { current: ORIGIN_A });
    expect(await health(ORIGIN_A)).toBe(200);
    expect(await health(ORIGIN_B)).toBe(403);

    // Step 1: the new value is current, the old one previous; CloudFront still sends the old one.
    setSecret('ORIGIN_VERIFY_SECRET', { current: ORIGIN_B, previous: ORIGIN_A });
    expect(await health(ORIGIN_A)).toBe(200);
    expect(await health(ORIGIN_B)).toBe(200);
    expect(await health('origin-verify-C-0123456789abcdef')).toBe(403);
    expect(await health(undefined)).toBe(403);

    // The sitemap (XML, not built with the kit) checks the same header.
    const sitemap = (await loadHandler(routes.sitemap.handler)) as unknown as (
      e: ReturnType<typeof buildHttpEvent>,
    ) => Promise<{ statusCode?: number }>;
    const sitemapEvent = (header?: string) =>
      buildHttpEvent({
        method: 'GET',
        routePath: routes.sitemap.path,
        rawPath: routes.sitemap.path,
        headers: header ? { 'x-origin-verify': header } : {},
      });
    expect((await sitemap(sitemapEvent(ORIGIN_A))).statusCode).toBe(200);
    expect((await sitemap(sitemapEvent('origin-verify-C-0123456789abcdef'))).statusCode).toBe(403);

    // Step 4: previous dropped once CloudFront sends the new value everywhere.
    setSecret('ORIGIN_VERIFY_SECRET', { current: ORIGIN_B });
    expect(await health(ORIGIN_B)).toBe(200);
    expect(await health(ORIGIN_A)).toBe(403);
  });
});

describe('rotating the reseller key root', () => {
  async function newKey(): Promise<Signer> {
    const res = await invoke('resellerCreateKey', { as: reseller, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { keyId: res.body.key.id, secret: res.body.secret };
  }
  /**
   * A signed balance request straight to the handler (with the run's origin-verify value), so this
   * test does not depend on the local edge forwarding the reseller headers.
   */
  async function balance(key: Signer): Promise<number | undefined> {
    const route = routes.resellerApiBalance;
    const { request } = signed('resellerApiBalance', key);
    const origin = process.env.ORIGIN_VERIFY_SECRET;
    const event = buildHttpEvent({
      method: route.method,
      routePath: route.path,
      rawPath: route.path,
      headers: { ...request.headers, ...(origin && { 'x-origin-verify': origin }) },
      sourceIp: '198.51.100.7',
    });
    const handler = await loadHandler(route.handler);
    return (await handler(event, { awsRequestId: 'test' } as Context)).statusCode;
  }

  it('keeps keys made under the previous root working, and derives new keys from the new root', async () => {
    setSecret('RESELLER_KEY_SECRET', ROOT_A);
    expect(
      (await invoke('adminPutReseller', { as: admin, params: { userId: reseller.userId }, body: {} })).status,
    ).toBe(200);
    const before = await newKey();
    expect(await balance(before)).toBe(200);

    setSecret('RESELLER_KEY_SECRET', { current: ROOT_B, previous: ROOT_A });
    expect(await balance(before)).toBe(200);
    const after = await newKey();
    expect(await balance(after)).toBe(200);
    expect(after.secret).not.toBe(before.secret);

    // Callbacks of an order placed with the old key are signed with the old key's secret.
    const roots = [ROOT_B, ROOT_A];
    expect(await callbackSecret({ db, keyRoots: async () => roots }, before.keyId)).toBe(before.secret);
    expect(await callbackSecret({ db, keyRoots: async () => roots }, after.keyId)).toBe(after.secret);

    // Dropped only when no key made under it is still in use: its keys are then refused.
    setSecret('RESELLER_KEY_SECRET', { current: ROOT_B });
    expect(await balance(after)).toBe(200);
    expect(await balance(before)).toBe(401);
    // A root that never made the key does not help it.
    setSecret('RESELLER_KEY_SECRET', {
      current: ROOT_B,
      previous: 'some-other-root-0123456789abcdefghijklmn',
    });
    expect(await balance(before)).toBe(401);
  });
});

describe('rotating the cursor key', () => {
  it('pages on with a cursor issued before the rotation; refuses it once the old key is dropped', async () => {
    await seedVariant(db, { price: 1000, codes: 3 });
    const page = (cursor?: string) =>
      invoke('adminListVouchers', { as: admin, query: { limit: '1', ...(cursor && { cursor }) } });

    setSecret('CURSOR_SECRET', CURSOR_A);
    const first = await page();
    expect(first.status).toBe(200);
    const cursor = first.body.cursor as string;
    expect(cursor).toEqual(expect.any(String));

    setSecret('CURSOR_SECRET', { current: CURSOR_B, previous: CURSOR_A });
    const second = await page(cursor);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
    // The next cursor is signed with the new key: it still pages after the old key is dropped.
    const next = second.body.cursor as string;

    setSecret('CURSOR_SECRET', { current: CURSOR_B });
    expect((await page(next)).status).toBe(200);
    const refused = await page(cursor);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invalid_cursor');
  });
});
