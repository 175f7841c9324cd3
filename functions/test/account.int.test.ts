import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeAdminRole } from '../src/db/users/admin-role';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { ensureProfile, getProfile } from '../src/db/users/profiles';
import { freshTable } from '../../test/db';
import { customer, invoke } from '../../test/invoke';

describe('GET /api/me', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshTable('me');
  });

  it('answers 401 without a caller', async () => {
    const res = await invoke('getMe');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Please login to continue');
  });

  it('creates the profile on the first call with an empty wallet, then returns the same one', async () => {
    const me = customer(11);
    const first = await invoke('getMe', { as: me });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: me.userId,
      email: me.email,
      balance: 0,
      is_admin: false,
      phone: null,
    });
    const second = await invoke('getMe', { as: me });
    expect(second.body).toEqual(first.body);

    const item = (await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.profile(me.userId) })))
      .Item;
    expect(item).toMatchObject({
      type: 'profile',
      gsi1pk: `EMAIL#${me.email}`,
      gsi1sk: 'PROFILE',
      gsi2pk: 'USERS',
    });
    expect(item?.gsi2sk).toBe(`${first.body.created_at}#${me.userId}`);
  });

  it('racing first calls make one profile and never reset a balance', async () => {
    const me = customer(12);
    const results = await Promise.all(Array.from({ length: 6 }, () => invoke('getMe', { as: me })));
    expect(new Set(results.map((r) => r.body.created_at)).size).toBe(1);

    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.profile(me.userId),
        UpdateExpression: 'SET balance = :b',
        ExpressionAttributeValues: { ':b': 150_000 },
      }),
    );
    const after = await invoke('getMe', { as: me });
    expect(after.body.balance).toBe(150_000);
    expect(after.body.created_at).toBe(results[0]?.body.created_at);
  });

  it('is_admin comes from the role record, never from the token’s group claim', async () => {
    const me = customer(13);
    // A group claim without the role record (e.g. the old token of a removed admin) changes nothing.
    const withGroup = await invoke('getMe', { as: { ...me, groups: ['admin'] } });
    expect(withGroup.body.is_admin).toBe(false);
    expect((await getProfile(db, me.userId))?.is_admin).toBe(false);

    await writeAdminRole(
      db,
      me.userId,
      { isAdmin: true, by: 'test', now: new Date() },
      { profile: 'required' },
    );
    // A token issued before the grant (no group yet) does not take the flag back either.
    const withoutGroup = await invoke('getMe', { as: me });
    expect(withoutGroup.body.is_admin).toBe(true);
    expect((await getProfile(db, me.userId))?.is_admin).toBe(true);
  });

  it('a profile made after the role was granted (command line, before first sign-in) starts as admin', async () => {
    const me = customer(16);
    await writeAdminRole(
      db,
      me.userId,
      { isAdmin: true, by: 'cli', now: new Date() },
      { profile: 'if-exists' },
    );
    const first = await invoke('getMe', { as: { ...me, groups: ['admin'] } });
    expect(first.body.is_admin).toBe(true);
  });

  it('reads name and phone from the user pool once, when the profile is created', async () => {
    let lookups = 0;
    const lookup = async () => {
      lookups += 1;
      return { fullName: '  Rahim Uddin ', phone: '+8801712345678', email: 'ignored@example.com' };
    };
    const caller = { userId: 'user-14', email: 'User14@Example.com', groups: [], isAdmin: false };
    const created = await ensureProfile(db, caller, lookup);
    expect(created).toMatchObject({
      full_name: 'Rahim Uddin',
      phone: '+8801712345678',
      email: 'user14@example.com',
    });
    await ensureProfile(db, caller, lookup);
    expect(lookups).toBe(1);
  });

  it('still creates the profile when the user pool lookup fails (email from the token)', async () => {
    const caller = { userId: 'user-15', email: 'user15@example.com', groups: [], isAdmin: false };
    const created = await ensureProfile(db, caller, async () => {
      throw new Error('pool down');
    });
    expect(created).toMatchObject({ email: 'user15@example.com', full_name: '', phone: null, balance: 0 });
  });
});
