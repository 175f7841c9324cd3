import { AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cognitoClient,
  ensureUser,
  ensureUserPool,
  startCognito,
  type RunningCognito,
} from '../../local/src/cognito';
import { freePort } from '../../local/src/net';
import { freshTable } from '../../test/db';
import { admin, customer, invoke, type ItemOf, type ResponseOf } from '../../test/invoke';
import type { Db } from '../src/db/client';
import { indexKeys, keys, timeKey } from '../src/db/keys';
import { cognitoDirectory, setUserDirectory, type UserDirectory } from '../src/clients/user-directory';

/** A Cognito stand-in that keeps the admin group in memory (the table stays real). */
function fakeDirectory(known: Set<string>) {
  const admins = new Set<string>();
  const calls: string[] = [];
  const check = (id: string) => {
    if (!known.has(id))
      throw Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });
  };
  const directory: UserDirectory = {
    async isAdmin(id) {
      check(id);
      return admins.has(id);
    },
    async addToAdminGroup(id) {
      check(id);
      calls.push(`add ${id}`);
      admins.add(id);
    },
    async removeFromAdminGroup(id) {
      check(id);
      calls.push(`remove ${id}`);
      admins.delete(id);
    },
  };
  return { directory, admins, calls };
}

function profile(n: number, createdAt: string, extra: Record<string, unknown> = {}) {
  const id = `user-${n}`;
  const email = `user${n}@example.com`;
  return {
    ...keys.profile(id),
    type: 'profile',
    id,
    email,
    full_name: `User ${n}`,
    phone: null,
    balance: n * 100,
    is_admin: false,
    created_at: createdAt,
    updated_at: createdAt,
    gsi1pk: indexKeys.email(email),
    gsi1sk: 'PROFILE',
    gsi2pk: indexKeys.allUsers(),
    gsi2sk: timeKey(createdAt, id),
    ...extra,
  };
}

async function put(db: Db, items: Array<Record<string, unknown>>) {
  for (let i = 0; i < items.length; i += 25) {
    await db.doc.send(
      new BatchWriteCommand({
        RequestItems: { [db.table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }
}

let db: Db;
const known = new Set<string>();
const fake = fakeDirectory(known);

beforeAll(async () => {
  db = await freshTable('admin-users');
  setUserDirectory(fake.directory);
  const profiles = [];
  // user-1 oldest ... user-12 newest; admin-1 is the calling admin.
  for (let n = 1; n <= 12; n++) {
    profiles.push(profile(n, `2026-01-${String(n).padStart(2, '0')}T10:00:00.000Z`));
    known.add(`user-${n}`);
  }
  profiles.push(
    profile(0, '2025-12-01T00:00:00.000Z', {
      ...keys.profile('admin-1'),
      id: 'admin-1',
      email: 'admin@example.com',
      gsi1pk: indexKeys.email('admin@example.com'),
      gsi2sk: timeKey('2025-12-01T00:00:00.000Z', 'admin-1'),
      is_admin: true,
    }),
  );
  known.add('admin-1');
  fake.admins.add('admin-1');
  await put(db, profiles);
});

afterAll(() => setUserDirectory(undefined));

describe('GET /api/admin/users', () => {
  it('refuses customers (403) and anonymous callers (401)', async () => {
    expect((await invoke('adminListUsers', { as: customer(1) })).status).toBe(403);
    expect((await invoke('adminListUsers')).status).toBe(401);
  });

  it('lists profiles newest first in cursor pages with balance and admin flag', async () => {
    const first = await invoke('adminListUsers', { as: admin, query: { limit: '5' } });
    expect(first.status).toBe(200);
    expect(first.body.items.map((u: ItemOf<'adminListUsers'>) => u.id)).toEqual([
      'user-12',
      'user-11',
      'user-10',
      'user-9',
      'user-8',
    ]);
    expect(first.body.items[0]).toMatchObject({
      email: 'user12@example.com',
      balance: 1200,
      is_admin: false,
    });
    const seen = [...first.body.items];
    let cursor = first.body.cursor;
    while (cursor) {
      const next = await invoke('adminListUsers', { as: admin, query: { limit: '5', cursor } });
      expect(next.status).toBe(200);
      seen.push(...next.body.items);
      cursor = next.body.cursor;
    }
    expect(seen).toHaveLength(13);
    expect(new Set(seen.map((u) => u.id)).size).toBe(13);
    expect(seen.at(-1)).toMatchObject({ id: 'admin-1', is_admin: true });
  });

  it('searches by email prefix', async () => {
    const res = await invoke('adminListUsers', { as: admin, query: { email: 'USER1', limit: '2' } });
    expect(res.status).toBe(200);
    // user1, user10, user11, user12 match; newest first.
    expect(res.body.items.map((u: ItemOf<'adminListUsers'>) => u.email)).toEqual([
      'user12@example.com',
      'user11@example.com',
    ]);
    const rest = await invoke('adminListUsers', {
      as: admin,
      query: { email: 'user1', limit: '2', cursor: res.body.cursor },
    });
    expect(rest.body.items.map((u: ItemOf<'adminListUsers'>) => u.email)).toEqual([
      'user10@example.com',
      'user1@example.com',
    ]);
  });

  it('answers 400 to a forged cursor', async () => {
    const res = await invoke('adminListUsers', { as: admin, query: { cursor: 'bm90LWpzb24' } });
    expect(res.status).toBe(400);
  });
});

describe('admin role', () => {
  it('grant by email: unknown email is 404 with the spec text', async () => {
    const res = await invoke('adminGrantAdminByEmail', { as: admin, body: { email: 'nobody@example.com' } });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('User not found with this email');
  });

  it('grant by email adds the Cognito group and mirrors is_admin; again is 409', async () => {
    const res = await invoke('adminGrantAdminByEmail', { as: admin, body: { email: 'User2@Example.com' } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: 'user-2', is_admin: true });
    expect(fake.admins.has('user-2')).toBe(true);
    const stored = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.profile('user-2') }));
    expect(stored.Item?.is_admin).toBe(true);

    const again = await invoke('adminGrantAdminByEmail', { as: admin, body: { email: 'user2@example.com' } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Already Admin: This user already has admin privileges');
  });

  it('customers cannot grant themselves the role', async () => {
    const res = await invoke('adminGrantAdmin', { as: customer(3), params: { id: 'user-3' } });
    expect(res.status).toBe(403);
    expect(fake.admins.has('user-3')).toBe(false);
  });

  it('grant and remove by id toggle the group and the profile', async () => {
    const granted = await invoke('adminGrantAdmin', { as: admin, params: { id: 'user-3' } });
    expect(granted.status).toBe(200);
    expect(fake.admins.has('user-3')).toBe(true);

    const removed = await invoke('adminRemoveAdmin', { as: admin, params: { id: 'user-3' } });
    expect(removed.status).toBe(200);
    expect(removed.body.user.is_admin).toBe(false);
    expect(fake.admins.has('user-3')).toBe(false);
    const list = await invoke('adminListUsers', { as: admin, query: { email: 'user3@' } });
    expect(list.body.items).toEqual([expect.objectContaining({ id: 'user-3', is_admin: false })]);
  });

  it('an admin cannot remove their own role (422)', async () => {
    const res = await invoke('adminRemoveAdmin', { as: admin, params: { id: 'admin-1' } });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('You cannot remove your own admin role');
    expect(fake.admins.has('admin-1')).toBe(true);
  });

  it('unknown user ids are 404', async () => {
    expect((await invoke('adminGrantAdmin', { as: admin, params: { id: 'ghost' } })).status).toBe(404);
    expect((await invoke('adminRemoveAdmin', { as: admin, params: { id: 'ghost' } })).status).toBe(404);
  });

  it('check-admin reports found/admin from the directory', async () => {
    const yes = await invoke('adminCheckAdmin', { as: admin, query: { email: 'admin@example.com' } });
    expect(yes.body).toMatchObject({ found: true, is_admin: true, user_id: 'admin-1' });
    const no = await invoke('adminCheckAdmin', { as: admin, query: { email: 'user5@example.com' } });
    expect(no.body).toMatchObject({ found: true, is_admin: false });
    const missing = await invoke('adminCheckAdmin', { as: admin, query: { email: 'x@example.com' } });
    expect(missing.body).toMatchObject({ found: false, message: 'User not found with email: x@example.com' });
    const bad = await invoke('adminCheckAdmin', { as: admin, query: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/admin/stats', () => {
  function order(id: string, status: string, createdAt: string, total: number) {
    const sk = timeKey(createdAt, id);
    return {
      ...keys.order(id),
      type: 'order',
      id,
      status,
      total_amount: total,
      created_at: createdAt,
      gsi2pk: indexKeys.allOrders(id),
      gsi2sk: sk,
      gsi3pk: indexKeys.ordersByStatus(status, id),
      gsi3sk: sk,
    };
  }

  it('sums completed orders per day, counts statuses and lists low stock', async () => {
    const today = new Date();
    const day = (back: number) => new Date(today.getTime() - back * 86_400_000).toISOString();
    await put(db, [
      order('o1', 'completed', day(0), 10_000),
      order('o2', 'completed', day(0), 5_050),
      order('o3', 'completed', day(3), 20_000),
      order('o4', 'completed', day(40), 99_900), // outside the window: revenue only
      order('o5', 'pending', day(1), 1_000),
      order('o6', 'refunded', day(2), 7_000),
      order('o7', 'failed', day(2), 7_000),
      order('o8', 'failed', day(5), 7_000),
      { ...keys.product('p1'), type: 'product', id: 'p1', name: 'Free Fire', is_active: true },
      {
        ...keys.variant('p1', 'v1'),
        type: 'variant',
        id: 'v1',
        product_id: 'p1',
        name: '100 Diamonds',
        stock: 3,
      },
      {
        ...keys.variant('p1', 'v2'),
        type: 'variant',
        id: 'v2',
        product_id: 'p1',
        name: '500 Diamonds',
        stock: 10,
      },
      {
        ...keys.variant('p1', 'v3'),
        type: 'variant',
        id: 'v3',
        product_id: 'p1',
        name: '1000 Diamonds',
        stock: 0,
      },
      // Stock is what the shards' tickets leave (one shard each here).
      { ...keys.stockShard('v1', 0), variant_id: 'v1', stock_shard: 0, tickets: 5, taken: 2 },
      { ...keys.stockShard('v2', 0), variant_id: 'v2', stock_shard: 0, tickets: 10, taken: 0 },
    ]);
    const res = await invoke('adminStats', { as: admin });
    expect(res.status).toBe(200);
    const stats = res.body;
    expect(stats.sales_per_day).toHaveLength(14);
    expect(stats.sales_per_day.at(-1)).toEqual({ date: day(0).slice(0, 10), total: 15_050, orders: 2 });
    expect(stats.sales_per_day.at(-4)).toEqual({ date: day(3).slice(0, 10), total: 20_000, orders: 1 });
    expect(stats.revenue_14d).toBe(35_050);
    expect(stats.revenue).toBe(134_950);
    expect(stats.orders_by_status).toEqual({
      pending: 1,
      processing: 0,
      completed: 4,
      failed: 2,
      refunded: 1,
    });
    expect(
      stats.low_stock.map((v: ResponseOf<'adminStats'>['low_stock'][number]) => [
        v.variant_name,
        v.stock,
        v.product_name,
      ]),
    ).toEqual([
      ['1000 Diamonds', 0, 'Free Fire'],
      ['100 Diamonds', 3, 'Free Fire'],
    ]);
    // The card says the level it used: the one setting (10 until an admin sets another).
    expect(stats.low_stock_level).toBe(10);
    // Set to 11, the variant with 10 codes is low too, and the answer says 11.
    const saved = await invoke('adminPutNotifySettings', {
      as: admin,
      body: { alert_emails: [], low_stock_level: 11 },
    });
    expect(saved.status).toBe(200);
    const after = (await invoke('adminStats', { as: admin })).body;
    expect(after.low_stock_level).toBe(11);
    expect(after.low_stock.map((v: { stock: number }) => v.stock)).toEqual([0, 3, 10]);
  });

  it('is admin only', async () => {
    expect((await invoke('adminStats', { as: customer(1) })).status).toBe(403);
  });
});

/** The real adapter against cognito-local: the group really changes, so the next token carries it. */
describe('admin role through cognito-local', () => {
  let cognito: RunningCognito;
  let dataDir: string;
  let userPoolId: string;
  let sub: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'admin-users-cognito-'));
    cognito = await startCognito({ dataDir, port: await freePort(), triggerUrl: 'http://127.0.0.1:1' });
    ({ userPoolId } = await ensureUserPool(cognito.url));
    ({ sub } = await ensureUser(cognito.url, userPoolId, {
      email: 'cognito-user@example.com',
      password: 'secret123',
      name: 'C',
    }));
    await put(db, [
      profile(99, '2026-02-01T00:00:00.000Z', {
        ...keys.profile(sub),
        id: sub,
        email: 'cognito-user@example.com',
        gsi1pk: indexKeys.email('cognito-user@example.com'),
        gsi2sk: timeKey('2026-02-01T00:00:00.000Z', sub),
      }),
    ]);
    setUserDirectory(cognitoDirectory({ userPoolId, endpoint: cognito.url }));
  });

  afterAll(async () => {
    setUserDirectory(fake.directory);
    await cognito?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const groups = async () => {
    const client = cognitoClient(cognito.url);
    try {
      const out = await client.send(
        new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: sub }),
      );
      return (out.Groups ?? []).map((g) => g.GroupName);
    } finally {
      client.destroy();
    }
  };

  it('grant by email adds the user to the admin group; remove takes them out', async () => {
    expect(await groups()).not.toContain('admin');
    const granted = await invoke('adminGrantAdminByEmail', {
      as: admin,
      body: { email: 'cognito-user@example.com' },
    });
    expect(granted.status).toBe(200);
    expect(await groups()).toContain('admin');
    const again = await invoke('adminGrantAdminByEmail', {
      as: admin,
      body: { email: 'cognito-user@example.com' },
    });
    expect(again.status).toBe(409);
    const check = await invoke('adminCheckAdmin', {
      as: admin,
      query: { email: 'cognito-user@example.com' },
    });
    expect(check.body).toMatchObject({ found: true, is_admin: true });

    const removed = await invoke('adminRemoveAdmin', { as: admin, params: { id: sub } });
    expect(removed.status).toBe(200);
    expect(await groups()).not.toContain('admin');
  });

  it('a profile without a Cognito user is 404', async () => {
    const res = await invoke('adminGrantAdmin', { as: admin, params: { id: 'user-4' } });
    expect(res.status).toBe(404);
  });
});
