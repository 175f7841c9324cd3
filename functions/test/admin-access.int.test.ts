import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { hasAdminRole } from '../src/db/users/admin-role';
import type { Db } from '../src/db/client';
import { getProfile } from '../src/db/users/profiles';
import { setUserDirectory, type UserDirectory } from '../src/clients/user-directory';

/**
 * Issue 12, hole 3: the admin group claim lives as long as the token (a day locally), so a removed
 * admin kept their powers until it expired. Every admin request now also reads the role record.
 */
const forbidden = {
  error: { code: 'forbidden', message: 'Admin access required', reason: 'admin_required' },
};

/** A Cognito stand-in (the table stays real); `failRemove` makes the next group removal fail. */
function fakeDirectory() {
  const admins = new Set<string>([admin.userId]);
  const state = { failRemove: false };
  const directory: UserDirectory = {
    isAdmin: async (id) => admins.has(id),
    addToAdminGroup: async (id) => void admins.add(id),
    removeFromAdminGroup: async (id) => {
      if (state.failRemove) {
        state.failRemove = false;
        throw new Error('Cognito is unreachable');
      }
      admins.delete(id);
    },
  };
  return { directory, admins, state };
}

let db: Db;
const fake = fakeDirectory();
// The second admin's token, as it was issued while they were admin: it keeps the group claim.
const oldToken = { userId: 'admin-2', email: 'admin2@example.com', groups: ['admin'] };

const listUsers = (as: typeof oldToken) => invoke('adminListUsers', { as });
const creditSelf = (as: typeof oldToken) =>
  invoke('adminWalletAdjustment', {
    as,
    body: { user_id: as.userId, type: 'credit', amount: 100_000, payment_method: 'cash' },
  });

beforeAll(async () => {
  db = await freshTable('admin-access');
  setUserDirectory(fake.directory);
  // Both sign in once (profiles), then the first admin makes the second one admin.
  expect((await invoke('getMe', { as: admin })).status).toBe(200);
  expect((await invoke('getMe', { as: { ...oldToken, groups: [] } })).status).toBe(200);
  const granted = await invoke('adminGrantAdmin', { as: admin, params: { id: oldToken.userId } });
  expect(granted.status).toBe(200);
});

afterAll(() => setUserDirectory(undefined));

describe('a removed admin', () => {
  it('works as admin while the role holds', async () => {
    expect((await listUsers(oldToken)).status).toBe(200);
  });

  it('gets 403 on the next admin request with the old token, and credits nothing', async () => {
    const removed = await invoke('adminRemoveAdmin', { as: admin, params: { id: oldToken.userId } });
    expect(removed.status).toBe(200);
    expect(removed.body.user).toMatchObject({ id: oldToken.userId, is_admin: false });

    const list = await listUsers(oldToken);
    expect(list.status).toBe(403);
    expect(list.body).toEqual(forbidden);
    const credit = await creditSelf(oldToken);
    expect(credit.status).toBe(403);
    expect(credit.body).toEqual(forbidden);
    expect((await getProfile(db, oldToken.userId))?.balance).toBe(0);
    const counterStrike = await invoke('adminRemoveAdmin', { as: oldToken, params: { id: admin.userId } });
    expect(counterStrike.status).toBe(403);
    expect(fake.admins.has(admin.userId)).toBe(true);
  });

  it('still uses customer routes, and the old token does not make the profile admin again', async () => {
    const me = await invoke('getMe', { as: oldToken });
    expect(me.status).toBe(200);
    expect(me.body.is_admin).toBe(false);
    expect(await hasAdminRole(db, oldToken.userId)).toBe(false);
    expect((await listUsers(oldToken)).status).toBe(403);
  });

  it('works again once granted again', async () => {
    const again = await invoke('adminGrantAdmin', { as: admin, params: { id: oldToken.userId } });
    expect(again.status).toBe(200);
    expect((await listUsers(oldToken)).status).toBe(200);
    const credit = await creditSelf(oldToken);
    expect(credit.status).toBe(201);
    expect(credit.body.balance).toBe(100_000);
  });

  it('loses access even when the group removal fails halfway (the record goes first)', async () => {
    fake.state.failRemove = true;
    const removed = await invoke('adminRemoveAdmin', { as: admin, params: { id: oldToken.userId } });
    expect(removed.status).toBe(500);
    expect(fake.admins.has(oldToken.userId)).toBe(true); // still in the group...
    expect((await listUsers(oldToken)).status).toBe(403); // ...and still refused
    // Removing again completes it.
    expect((await invoke('adminRemoveAdmin', { as: admin, params: { id: oldToken.userId } })).status).toBe(
      200,
    );
    expect(fake.admins.has(oldToken.userId)).toBe(false);
  });
});

describe('the admin check wants both halves', () => {
  it('a role record without the group claim is 403', async () => {
    expect(await hasAdminRole(db, admin.userId)).toBe(true);
    const res = await invoke('adminListUsers', { as: { ...admin, groups: [] } });
    expect(res.status).toBe(403);
  });

  it('a group claim without any role record is 403 (put in the group by hand, not through a grant)', async () => {
    const stranger = { ...customer(7), groups: ['admin'] };
    const res = await invoke('adminListUsers', { as: stranger });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbidden);
  });
});
