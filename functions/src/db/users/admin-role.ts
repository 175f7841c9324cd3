import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { keys } from '../keys';
import { transact, write, writeIf, WriteRefused } from '../transact';

/**
 * The admin role record: the table's half of the role, the Cognito group in the token being the
 * other. A token lives up to a day, so the group claim alone would leave a removed admin their
 * powers until it expires; this record is read on every admin request and changes at once.
 * It is its own item (not the profile's flag) because it must exist before a profile does (the
 * first admin is made from the command line before they ever sign in) and because only the role
 * changes may write it, while many paths write the profile.
 */
export async function hasAdminRole(db: Db, userId: string): Promise<boolean> {
  return (await readAdminRole(db, userId)).isAdmin;
}

/**
 * The role record as the admin guard reads it: whether the role holds, and since when (unix
 * seconds) the admin's current authenticator app is confirmed (markMfaEnrolled): a session signed
 * in before that is not let in (kit/admin-access.ts).
 */
export async function readAdminRole(
  db: Db,
  userId: string,
): Promise<{ isAdmin: boolean; mfaSince?: number }> {
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.table,
      Key: keys.adminRole(userId),
      // A removal must count on the very next request, not after replication catches up.
      ConsistentRead: true,
      ProjectionExpression: 'is_admin, mfa_since',
    }),
  );
  const since = res.Item?.mfa_since;
  return { isAdmin: res.Item?.is_admin === true, ...(typeof since === 'number' && { mfaSince: since }) };
}

/**
 * The admin confirmed a new authenticator app at `now`: sessions signed in before it stop opening
 * admin routes. Only on an admin's existing record (false otherwise).
 */
export async function markMfaEnrolled(db: Db, userId: string, now: Date): Promise<boolean> {
  return writeIf(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.adminRole(userId),
        UpdateExpression: 'SET mfa_since = :since',
        ConditionExpression: 'is_admin = :true',
        ExpressionAttributeValues: { ':since': Math.floor(now.getTime() / 1000), ':true': true },
      }),
    ),
  );
}

export interface RoleChange {
  isAdmin: boolean;
  /** Who changed it: an admin's user id, or 'cli' / 'seed'. */
  by: string;
  now: Date;
}

/**
 * Writes the role record and, in the same transaction, the profile's is_admin that the user list
 * shows. With `profile: 'required'` nothing is written when the profile is missing (returns
 * false); with 'if-exists' the record is written alone then (a user who has not signed in yet).
 * Returns whether the profile was updated. A removal keeps the record (is_admin false) as the
 * trace of who removed the role.
 */
export async function writeAdminRole(
  db: Db,
  userId: string,
  change: RoleChange,
  opts: { profile: 'required' | 'if-exists' },
): Promise<boolean> {
  const at = change.now.toISOString();
  const record = {
    ...keys.adminRole(userId),
    type: 'admin_role',
    user_id: userId,
    is_admin: change.isAdmin,
    updated_at: at,
    updated_by: change.by,
  };
  try {
    await transact(db, [
      write('role', { Put: { TableName: db.table, Item: record } }),
      write('profile', {
        Update: {
          TableName: db.table,
          Key: keys.profile(userId),
          UpdateExpression: 'SET is_admin = :a, updated_at = :u',
          // Without it an Update would create a stub profile.
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':a': change.isAdmin, ':u': at },
        },
      }),
    ]);
    return true;
  } catch (error) {
    // No profile yet: nothing was written.
    if (!(error instanceof WriteRefused && error.has('profile'))) throw error;
  }
  if (opts.profile === 'required') return false;
  await db.doc.send(new PutCommand({ TableName: db.table, Item: record }));
  return false;
}
