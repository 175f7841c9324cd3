import {
  DeleteCommand,
  PutCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { routeList, routes, type RouteName } from '@khelaghor/contract';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshTable } from '../../test/db';
import {
  admin,
  customer,
  invoke,
  type InvokeOptions,
  type InvokeResult,
  type ResponseOf,
} from '../../test/invoke';
import { setUserDirectory } from '../src/clients/user-directory';
import { setAuthenticatorAppReader } from '../src/clients/user-pool';
import { currentAuditScope } from '../src/db/audit/audit-scope';
import { db as shopDb, type Db } from '../src/db/client';
import { queryAll } from '../src/db/query-all';
import { resetConfig } from '../src/runtime/config';
import {
  fakeDirectory,
  mfaAdmin,
  readCases,
  seedWalk,
  walkCases,
  type StoredAuditEntry,
  type Caller,
  type WalkEnv,
  type WalkState,
} from './audit-walk-cases';
import { seedProfile, startGateway } from './commerce-fixtures';
import { startMoogoldSandbox } from '../../local/src/sandbox-moogold/server';

/**
 * Issue 34, 'Done when': every admin route that changes state, walked once refused and once
 * successful. A successful call adds the entries of exactly one admin call (its route, its admin,
 * its address, what it changed), a refused one adds none, a read writes nothing (supplier health,
 * which counts its supplier calls, is audited like a write), and no call changes or deletes an
 * entry that was there before it. The entries are read from the table itself, with the test's own
 * client: the AUDIT#<Asia/Dhaka day> partitions.
 */

const IP = '203.0.113.34';
const env = {} as WalkEnv;
const state: Partial<WalkState> = {};
const cases = walkCases(env, state);
const reads = readCases(state);
const directory = fakeDirectory();
let walkStart: number;
let beforeWalk: Map<string, StoredAuditEntry>;

const dhakaDay = (ms: number) => new Date(ms + 6 * 3600_000).toISOString().slice(0, 10);

/** Every audit entry since the walk began, by key, read strongly consistent from the table. */
async function auditEntries(): Promise<Map<string, StoredAuditEntry>> {
  const days = new Set<string>();
  for (let t = walkStart; t < Date.now() + 86_400_000; t += 86_400_000)
    days.add(dhakaDay(Math.min(t, Date.now())));
  const entries = new Map<string, StoredAuditEntry>();
  for (const day of days) {
    const items = await queryAll<StoredAuditEntry>(env.db, {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `AUDIT#${day}` },
      ConsistentRead: true,
    });
    for (const item of items) entries.set(`${String(item.pk)}|${String(item.sk)}`, item);
  }
  return entries;
}

/** Every item of the table, by key (a read must leave them all as they were). */
async function tableItems(): Promise<Map<string, Record<string, unknown>>> {
  const items = new Map<string, Record<string, unknown>>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await env.db.doc.send(
      new ScanCommand({ TableName: env.db.table, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) items.set(`${String(item.pk)}|${String(item.sk)}`, item);
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Keys of `before`'s items that are gone or different in `after`. */
const altered = (before: Map<string, unknown>, after: Map<string, unknown>) =>
  [...before].filter(([key, entry]) => !isDeepStrictEqual(after.get(key), entry)).map(([key]) => key);

/** One call from the test's address, with the entries it added; earlier entries must stay as they were. */
async function audited(route: RouteName, opts: InvokeOptions) {
  const before = await auditEntries();
  const res = await invoke(route, { ...opts, sourceIp: IP });
  const after = await auditEntries();
  expect(altered(before, after), `entries changed or deleted by ${route}`).toEqual([]);
  const added = [...after].filter(([key]) => !before.has(key)).map(([, entry]) => entry);
  return { res, added, before };
}

function expectOneCall(
  route: RouteName,
  as: Caller,
  added: StoredAuditEntry[],
  before: Map<string, StoredAuditEntry>,
) {
  expect(added.length, `${route}: entries of the successful call`).toBeGreaterThan(0);
  const callIds = new Set(added.map((e) => e.call_id));
  expect(callIds.size, `${route}: one admin call`).toBe(1);
  const [callId] = callIds;
  expect(
    [...before.values()].filter((e) => e.call_id === callId),
    'a new call_id',
  ).toEqual([]);
  expect(added.map((e) => e.seq).sort((a, b) => Number(a) - Number(b))).toEqual(added.map((_, i) => i + 1));
  for (const entry of added) {
    expect(entry).toMatchObject({
      action: routes[route].handler,
      method: routes[route].method,
      actor_id: as.userId,
      actor_email: as.email,
      ip: IP,
    });
    expect(entry.changes.length, `${route}: what the write changed`).toBeGreaterThan(0);
    expect(
      entry.changes.filter((c) => c.pk.startsWith('AUDIT#')),
      'no change names an audit entry',
    ).toEqual([]);
  }
}

beforeAll(async () => {
  env.db = await freshTable('audit-walk');
  // Background job runs would write beside the walk: the request's own slices are enough here.
  process.env.JOB_KICK = 'off';
  // cognito-local has no global sign-out: with an endpoint set, MFA confirmation skips it.
  process.env.COGNITO_ENDPOINT = 'http://127.0.0.1:1';
  resetConfig();
  setUserDirectory(directory);
  setAuthenticatorAppReader(async (userId) => userId === mfaAdmin.userId);
  env.gw = await startGateway(env.db);
  env.moogold = await startMoogoldSandbox({ port: 0, host: '127.0.0.1' });
  await seedWalk(env.db);
  walkStart = Date.now();
  // An admin action from before the walk: the walk must leave it as it is.
  const earlier = await invoke('adminPutNotifySettings', {
    as: admin,
    sourceIp: IP,
    body: { alert_emails: [], low_stock_level: 5 },
  });
  expect(earlier.status).toBe(200);
  beforeWalk = await auditEntries();
  expect(beforeWalk.size).toBeGreaterThan(0);
});

afterAll(async () => {
  setUserDirectory(undefined);
  setAuthenticatorAppReader(undefined);
  delete process.env.JOB_KICK;
  delete process.env.COGNITO_ENDPOINT;
  resetConfig();
  await env.gw?.stop();
  await env.moogold?.stop();
});

describe('the audit walk: every admin route that changes state', () => {
  it('covers every admin route of the contract, writes and reads', () => {
    const contract = (reading: boolean) =>
      routeList
        .filter((r) => r.access === 'admin' && (r.method === 'GET') === reading)
        .map((r) => r.name)
        .sort();
    expect(cases.map((c) => c.route).sort()).toEqual(contract(false));
    expect(reads.map((r) => r.route).sort()).toEqual(contract(true));
  });

  for (const c of cases)
    it(`${c.route}: refused adds no entry, success adds ${c.writesNothing ? 'none (writes nothing)' : "one call's"}`, async () => {
      const as = c.as ?? admin;
      const refused = await audited(c.route, { ...c.refused.send(), as: c.refused.as ?? as });
      expect(refused.res.status, JSON.stringify(refused.res.body)).toBe(c.refused.status);
      expect(refused.added, 'entries of a refused call').toEqual([]);

      const ok = await audited(c.route, { ...(await c.ok()), as });
      expect(ok.res.status, JSON.stringify(ok.res.body)).toBeGreaterThanOrEqual(200);
      expect(ok.res.status, JSON.stringify(ok.res.body)).toBeLessThan(300);
      if (c.writesNothing) expect(ok.added, c.writesNothing).toEqual([]);
      else expectOneCall(c.route, as, ok.added, ok.before);
      const changed = ok.added.flatMap((e) => e.changes).map((ch) => `${ch.pk}|${ch.sk}`);
      for (const key of c.names?.() ?? []) expect(changed).toContain(`${key.pk}|${key.sk}`);
      const shown = JSON.stringify(ok.added);
      for (const secret of c.hides?.(ok.res.body) ?? []) expect(shown).not.toContain(secret);
      c.then?.(ok.res.body, ok.added);
    });

  for (const r of reads)
    it(`${r.route}: ${r.writes ? 'its writes are audited' : 'a read writes nothing, adds no entry'}`, async () => {
      const table = await tableItems();
      const { res, added, before } = await audited(r.route, { ...r.send(), as: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (r.writes) {
        expectOneCall(r.route, admin, added, before);
        return;
      }
      expect(added).toEqual([]);
      const after = await tableItems();
      expect(altered(table, after), 'items changed or deleted by a read').toEqual([]);
      expect(
        [...after.keys()].filter((key) => !table.has(key)),
        'items added by a read',
      ).toEqual([]);
    });

  it('GET /api/admin/audit lists the walk, and filters by action and admin', async () => {
    const stored = await auditEntries();
    const listed: string[] = [];
    for (const day of new Set([...stored.values()].map((e) => String(e.pk).slice('AUDIT#'.length)))) {
      let cursor: string | null = null;
      do {
        const page: InvokeResult<ResponseOf<'adminListAudit'>> = await invoke('adminListAudit', {
          as: admin,
          query: { day, limit: '100', ...(cursor && { cursor }) },
        });
        expect(page.status).toBe(200);
        listed.push(...page.body.items.map((e) => e.id));
        cursor = page.body.cursor ?? null;
      } while (cursor);
    }
    expect(listed.sort()).toEqual([...stored.values()].map((e) => String(e.sk)).sort());
    const mfa = [...stored.values()].filter((e) => e.action === routes.adminConfirmMfa.handler);
    expect(mfa).toHaveLength(1);
    const query = { day: String(mfa[0]!.pk).slice('AUDIT#'.length), limit: '100' };
    const byAction = await invoke('adminListAudit', {
      as: admin,
      query: { ...query, action: routes.adminConfirmMfa.handler },
    });
    expect(byAction.body.items.map((e: { id: string }) => e.id)).toEqual([mfa[0]!.sk]);
    const byAdmin = await invoke('adminListAudit', {
      as: admin,
      query: { ...query, actor: mfaAdmin.userId },
    });
    expect(byAdmin.body.items.map((e: { id: string }) => e.id)).toEqual([mfa[0]!.sk]);
  });

  it('every entry from before the walk is still there, unchanged', async () => {
    expect(altered(beforeWalk, await auditEntries())).toEqual([]);
  });
});

describe('no write through the shop client names an audit key', () => {
  // The client's own guard refuses them (not a condition of DynamoDB's).
  const refusal = /^AuditRefused: /;

  /** Update, delete, overwrite, a new entry and a transaction, each naming the audit key `key`. */
  const attempts = (db: Db, key: { pk: string; sk: string }) => [
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key,
        UpdateExpression: 'SET actor_id = :x',
        ExpressionAttributeValues: { ':x': 'someone-else' },
      }),
    ),
    db.doc.send(new DeleteCommand({ TableName: db.table, Key: key })),
    db.doc.send(new PutCommand({ TableName: db.table, Item: { ...key, actor_id: 'someone-else' } })),
    db.doc.send(new PutCommand({ TableName: db.table, Item: { pk: key.pk, sk: `${key.sk}#forged` } })),
    db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: db.table, Item: { pk: 'WALK#OTHER', sk: 'X' } } },
          { Delete: { TableName: db.table, Key: key } },
        ],
      }),
    ),
  ];
  const outcomes = (writes: Array<Promise<unknown>>) =>
    Promise.all(
      writes.map((p) =>
        p.then(
          () => 'written',
          (e: Error) => `${e.name}: ${e.message}`,
        ),
      ),
    );

  it('outside an admin call: refused, the entries unchanged', async () => {
    const before = await auditEntries();
    const [entry] = before.values();
    const key = { pk: String(entry!.pk), sk: String(entry!.sk) };
    // The client the admin handlers write with, between two admin calls.
    const results = await outcomes(attempts(shopDb(), key));
    expect(results).toHaveLength(5);
    for (const r of results) expect(r).toMatch(refusal);
    expect(altered(before, await auditEntries())).toEqual([]);
    expect((await auditEntries()).size).toBe(before.size);
  });

  it('inside an admin call: refused, the call still recorded once', async () => {
    const target = customer(34_010);
    await seedProfile(env.db, target);
    directory.known.add(target.userId);
    const before = await auditEntries();
    const [entry] = before.values();
    const key = { pk: String(entry!.pk), sk: String(entry!.sk) };
    const seen: { action?: string; results?: string[] } = {};
    // The user directory is asked inside the grant's audit scope: it tries the forbidden writes.
    directory.during = async () => {
      directory.during = undefined;
      seen.action = currentAuditScope()?.action;
      seen.results = await outcomes(attempts(shopDb(), key));
    };
    const { res, added } = await audited('adminGrantAdmin', { as: admin, params: { id: target.userId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(seen.action).toBe(routes.adminGrantAdmin.handler);
    expect(seen.results).toHaveLength(5);
    for (const r of seen.results!) expect(r).toMatch(refusal);
    expectOneCall('adminGrantAdmin', admin, added, before);
  });
});
