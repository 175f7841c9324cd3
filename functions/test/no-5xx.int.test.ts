import { routeList, type RouteName } from '@khelaghor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAuthenticatorAppReader } from '../src/clients/user-pool';
import { freshTable } from '../../test/db';
import { admin, customer, invokeRaw, type InvokeOptions } from '../../test/invoke';
import { seedProfile, startGateway } from './commerce-fixtures';

/**
 * "Bad input gets a clear 4xx, never a 500" over THE route table: every route is called, as a
 * caller it accepts, with malformed and hostile input (a JSON body of the wrong shape, path ids
 * that exist nowhere or are not ids, garbage query values, a forged cursor, a body that is not
 * JSON). The gateway is the sandbox, up, so a 5xx here can only be the shop's own fault.
 */
const weirdIds = ['01JDUMMY0000000000000000ID', '..%2F..%2Fetc', 'x'.repeat(200), ' ', 'ORDER#1'];
// Strings go out as they are: raw text and broken JSON, not JSON strings.
const bodies: unknown[] = [
  { x: [1, { y: null }] },
  [],
  'text',
  '{"not json',
  12,
  { variant_id: { $ne: 1 }, amount: -1, codes: 'a', status: 'x' },
];
const queries: Record<string, string>[] = [
  { cursor: 'eyJwayI6IngifQ', limit: '-1', status: 'zzz', q: '%' },
  { limit: 'abc', page: '1e9' },
];

let gw: Awaited<ReturnType<typeof startGateway>>;
const buyer = customer(7001);

beforeAll(async () => {
  // No user pool here: Cognito's answer for the test admin is "no authenticator app".
  setAuthenticatorAppReader(async () => false);
  const db = await freshTable('no5xx');
  gw = await startGateway(db);
  await seedProfile(db, buyer, 0);
});
afterAll(async () => {
  setAuthenticatorAppReader(undefined);
  await gw?.stop();
});

describe('no 5xx for bad input', () => {
  for (const route of routeList) {
    it(`${route.name} (${route.method} ${route.path})`, async () => {
      const as = route.access === 'admin' ? admin : route.access === 'user' ? buyer : undefined;
      const params = (id: string) =>
        Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, id]));
      const calls: InvokeOptions[] = [];
      for (const id of weirdIds)
        calls.push({ as, params: params(id), body: {}, headers: { 'Idempotency-Key': 'k-1' } });
      for (const body of bodies)
        calls.push({ as, params: params(weirdIds[0]!), body, headers: { 'Idempotency-Key': 'k-2' } });
      for (const query of queries) calls.push({ as, params: params(weirdIds[0]!), query });
      const answers = [];
      for (const opts of calls) answers.push({ ...(await invokeRaw(route.name as RouteName, opts)), opts });
      const failures = answers
        .filter((a) => a.status >= 500)
        .map((a) => `${a.status} ${JSON.stringify(a.opts).slice(0, 160)}`);
      expect(failures).toEqual([]);
    });
  }
});
