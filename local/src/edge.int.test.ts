import { routes } from '@khelaghor/contract';
import { buildHttpEvent } from '@khelaghor/events';
import type { Context } from 'aws-lambda';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../functions/src/domain/resellers/signing';
import { loadHandler } from '../../functions/src/handlers/load';
import { seedProfile } from '../../functions/test/commerce-fixtures';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { startApiServer, type ApiServer } from './api-server';
import { freePort } from './net';

/**
 * The local API server's edge (local/src/edge.ts) as a client meets it over HTTP: CloudFront's
 * header allow-list, its origin secret and its cache of the public reads, in front of the handlers.
 */
let server: ApiServer;
let key: { keyId: string; secret: string };
const reseller = customer(801);

beforeAll(async () => {
  const db = await freshTable('edge');
  await seedProfile(db, reseller, 12_345);
  expect(
    (await invoke('adminPutReseller', { as: admin, params: { userId: reseller.userId }, body: {} })).status,
  ).toBe(200);
  const created = await invoke('resellerCreateKey', { as: reseller, body: {} });
  expect(created.status).toBe(201);
  key = { keyId: created.body.key.id, secret: created.body.secret };
  server = await startApiServer({
    port: await freePort(),
    host: '127.0.0.1',
    // The handlers' environment is this process's (freshTable's table, test/invoke's origin secret).
    env: { ORIGIN_VERIFY_SECRET: process.env.ORIGIN_VERIFY_SECRET! },
    // Only reseller and public routes are called: no token is ever verified.
    cognito: { url: 'http://127.0.0.1:9', userPoolId: 'local_edge', clientId: 'edge-test' },
    webDist: '/nonexistent',
  });
});
afterAll(async () => server?.stop());

/** A reseller request signed as docs/reseller-api.md says, sent over HTTP. */
function signedGet(path: string) {
  const timestamp = Math.floor(Date.now() / 1000);
  const nonce = randomBytes(12).toString('base64url');
  const signature = signRequest({ secret: key.secret, method: 'GET', path, timestamp, nonce, body: '' });
  return fetch(`http://127.0.0.1:${new URL(server.url).port}${path}`, {
    headers: {
      'X-Key-Id': key.keyId,
      'X-Timestamp': String(timestamp),
      'X-Nonce': nonce,
      'X-Signature': signature,
    },
  });
}

describe('the local edge in front of the API', () => {
  it('lets a signed reseller request through: CloudFront forwards the signature headers', async () => {
    const res = await signedGet(routes.resellerApiBalance.path);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ balance: 12_345 });
  });

  it('is the only way in: a handler refuses a request without the origin secret', async () => {
    const route = routes.resellerApiBalance;
    const handler = await loadHandler(route.handler);
    const event = buildHttpEvent({ method: route.method, routePath: route.path });
    const res = await handler(event, { awsRequestId: 'edge-test' } as Context);
    expect(res.statusCode).toBe(403);
  });

  it('serves the public catalogue again from its cache, as CloudFront does for edgeCacheSeconds', async () => {
    const url = `http://127.0.0.1:${new URL(server.url).port}${routes.getCatalog.path}`;
    const first = await fetch(url);
    const second = await fetch(url);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers.get('x-cache')).toBe('Miss from cloudfront');
    expect(second.headers.get('x-cache')).toBe('Hit from cloudfront');
    expect(await second.json()).toEqual(await first.json());
  });
});
