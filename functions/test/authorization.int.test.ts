import { routeList } from '@khelaghor/contract';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, request, type TestUser } from '../../e2e/src/api';
import { expiredToken, resign, tamperedToken } from '../../e2e/src/tokens';
import { repoRoot, startStack, type Stack } from '../../local/src/stack';
import { freshTable } from '../../test/db';

/**
 * The authorization harness: walks THE route table, so a route added later is checked without
 * touching this file. Requests go through the local API server (JWT verified like the HTTP API
 * authorizer, against cognito-local) into the real handler modules:
 * - every user/admin route answers 401 with no token, an expired one, a tampered one, one for
 *   another app client, and a malformed header, before any handler runs;
 * - every admin route answers 403 to a real customer token.
 */
const DUMMY_ID = '01JDUMMY0000000000000000ID';
const protectedRoutes = routeList.filter((r) => r.access === 'user' || r.access === 'admin');
// Signed with a reseller or SMS device key instead of a token: no JWT authorizer, the kit refuses them unsigned.
const resellerRoutes = routeList.filter((r) => r.access === 'reseller' || r.access === 'device');
const adminRoutes = routeList.filter((r) => r.access === 'admin');
const unauthorized = {
  error: { code: 'unauthorized', message: 'Please login to continue', reason: 'login_required' },
};

const pathOf = (path: string) => path.replace(/\{\w+\}/g, DUMMY_ID);
const label = (r: { name: string; method: string; path: string }) => `${r.name} (${r.method} ${r.path})`;

describe('authorization of every route', () => {
  let stack: Stack;
  let dataDir: string;
  let customer: TestUser;

  beforeAll(async () => {
    const db = await freshTable('authz');
    dataDir = mkdtempSync(join(tmpdir(), 'khelaghor-authz-'));
    stack = await startStack({
      dataDir,
      dynamodbEndpoint: inject('dynamodbEndpoint'),
      tableName: db.table,
      seed: false,
      sweeper: false,
      notifier: false,
      quiet: true,
    });
    customer = await createUser(stack);
  });

  afterAll(async () => {
    await stack?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('the route table has protected and admin routes to check', () => {
    expect(protectedRoutes.length).toBeGreaterThan(0);
    expect(routeList.some((r) => r.name === 'getMe' && r.access === 'user')).toBe(true);
  });

  it('every route row has its handler module', () => {
    const missing = routeList
      .filter((r) => !existsSync(join(repoRoot, 'functions', 'src', 'handlers', `${r.handler}.ts`)))
      .map((r) => `${r.name} -> functions/src/handlers/${r.handler}.ts`);
    expect(missing).toEqual([]);
  });

  it('a real customer token passes the authorizer (control)', async () => {
    const res = await request(stack, 'GET', '/api/me', { token: customer.tokens.idToken });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(customer.email);
  });

  describe.each(protectedRoutes)('$name', (route) => {
    const send = (headers: Record<string, string>) =>
      request(stack, route.method, pathOf(route.path), {
        headers,
        ...(route.method !== 'GET' && route.method !== 'DELETE' && { body: {} }),
      });

    it(`${label(route)} answers 401 without a token`, async () => {
      const res = await send({});
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthorized);
    });

    it(`${label(route)} answers 401 to an expired token`, async () => {
      const res = await send({ authorization: `Bearer ${expiredToken(customer.tokens.idToken)}` });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthorized);
    });

    it(`${label(route)} answers 401 to a tampered token`, async () => {
      const res = await send({ authorization: `Bearer ${tamperedToken(customer.tokens.idToken)}` });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthorized);
    });

    it(`${label(route)} answers 401 to a token for another app client or a malformed header`, async () => {
      const otherClient = resign(customer.tokens.idToken, { aud: 'some-other-client' });
      expect((await send({ authorization: `Bearer ${otherClient}` })).status).toBe(401);
      expect((await send({ authorization: customer.tokens.idToken })).status).toBe(401);
      expect((await send({ authorization: 'Bearer not.a.jwt' })).status).toBe(401);
    });
  });

  describe.each(resellerRoutes)('$name', (route) => {
    it(`${label(route)} answers 401 without a signature, even with a valid customer token`, async () => {
      const withToken: Record<string, string> = { authorization: `Bearer ${customer.tokens.idToken}` };
      for (const headers of [{}, withToken]) {
        const res = await request(stack, route.method, pathOf(route.path), {
          headers,
          ...(route.method !== 'GET' && route.method !== 'DELETE' && { body: {} }),
        });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          error: { code: 'unauthorized', message: 'Invalid signature', reason: 'invalid_signature' },
        });
      }
    });
  });

  describe.each(adminRoutes)('$name', (route) => {
    it(`${label(route)} answers 403 to a customer token`, async () => {
      const res = await request(stack, route.method, pathOf(route.path), {
        token: customer.tokens.idToken,
        ...(route.method !== 'GET' && route.method !== 'DELETE' && { body: {} }),
      });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    });
  });
});
