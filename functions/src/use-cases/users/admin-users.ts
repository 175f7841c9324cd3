import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminUser } from '@khelaghor/contract/schemas/admin-users';
import type { Db } from '../../db/client';
import { hasAdminRole, writeAdminRole } from '../../db/admin-role';
import { getProfile, type Profile } from '../../db/profiles';
import { listQuery, lists } from '../../db/keys';
import { decodeCursor, encodeCursor, type PageList } from '../../db/page-cursor';
import { businessRule, conflict, notFound } from '../../domain/refusals';
import type { UserDirectory } from '../../clients/user-directory';

export const USER_NOT_FOUND_BY_EMAIL = 'User not found with this email';
export const ALREADY_ADMIN = 'Already Admin: This user already has admin privileges';
export const CANNOT_REMOVE_OWN_ADMIN = 'You cannot remove your own admin role';

export function toAdminUser(p: Profile): AdminUser {
  return {
    id: p.id,
    email: p.email,
    full_name: p.full_name ?? null,
    phone: p.phone ?? null,
    balance: p.balance ?? 0,
    is_admin: p.is_admin === true,
    created_at: p.created_at,
  };
}

/** Profiles newest first (gsi2 USERS). With an email prefix, a filtered Query that keeps reading
 *  raw pages until the page is full, so a search never answers an empty page while more exists. */
export async function listUsers(
  db: Db,
  input: { limit: number; cursor?: string; email?: string },
): Promise<{ items: AdminUser[]; cursor: string | null }> {
  // The email prefix only filters: one list (and one cursor) with or without it.
  const list: PageList = lists.allUsers();
  const items: Profile[] = [];
  const keyOf = (p: Record<string, unknown>) => ({
    pk: p.pk as string,
    sk: p.sk as string,
    gsi2pk: p.gsi2pk as string,
    gsi2sk: p.gsi2sk as string,
  });
  let start: Record<string, unknown> | undefined = decodeCursor(list, input.cursor);
  const prefix = input.email?.trim().toLowerCase();
  for (let round = 0; round < 20; round++) {
    const out = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: list.index,
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': list.pk, ...(prefix && { ':prefix': prefix }) },
        ...(prefix && { FilterExpression: 'begins_with(email, :prefix)' }),
        ScanIndexForward: false,
        Limit: prefix ? Math.max(input.limit, 100) : input.limit,
        ExclusiveStartKey: start,
      }),
    );
    const page = (out.Items ?? []) as Array<Profile & Record<string, unknown>>;
    for (const item of page) {
      items.push(item);
      if (items.length === input.limit) {
        // Full: continue after this item next time (unless it was the very last one read).
        const isLastRead = item === page[page.length - 1] && !out.LastEvaluatedKey;
        return { items: items.map(toAdminUser), cursor: isLastRead ? null : encodeCursor(list, keyOf(item)) };
      }
    }
    if (!out.LastEvaluatedKey) return { items: items.map(toAdminUser), cursor: null };
    start = out.LastEvaluatedKey;
  }
  return { items: items.map(toAdminUser), cursor: encodeCursor(list, start) };
}

export async function findProfileByEmail(db: Db, email: string): Promise<Profile | undefined> {
  const out = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      ...listQuery(lists.email(email), { sk: '#sk = :sk', values: { ':sk': 'PROFILE' } }),
      Limit: 1,
    }),
  );
  return out.Items?.[0] as Profile | undefined;
}

export interface RoleDeps {
  db: Db;
  directory: UserDirectory;
  now: () => Date;
}

/** The role record with the profile flag in one transaction; 404 (nothing written) without a profile. */
async function recordRole(deps: RoleDeps, userId: string, isAdmin: boolean, by: string): Promise<void> {
  const written = await writeAdminRole(
    deps.db,
    userId,
    { isAdmin, by, now: deps.now() },
    { profile: 'required' },
  );
  if (!written) throw notFound('User not found');
}

/** The profile as stored now (a profile found by email came from an index, maybe a moment old). */
async function currentProfile(deps: RoleDeps, profile: Profile, isAdmin: boolean): Promise<Profile> {
  return (await getProfile(deps.db, profile.id)) ?? { ...profile, is_admin: isAdmin };
}

/**
 * Grant the admin role. Access needs both the Cognito group (in the token) and the role record
 * (checked per request), so the group goes first and the record last: a failure in between leaves
 * the user without admin access, and granting again completes it. The user's next token (sign-in
 * or refresh) carries the group.
 */
export async function grantAdmin(
  deps: RoleDeps,
  input: { profile: Profile | undefined; by: string },
): Promise<AdminUser> {
  const profile = input.profile;
  if (!profile) throw notFound(USER_NOT_FOUND_BY_EMAIL);
  const [inGroup, recorded] = await Promise.all([
    deps.directory.isAdmin(profile.id),
    hasAdminRole(deps.db, profile.id),
  ]);
  if (inGroup && recorded) {
    // Repair a stale list flag (a profile created while the role was being granted), then report it.
    if (profile.is_admin !== true) await recordRole(deps, profile.id, true, input.by);
    throw conflict(ALREADY_ADMIN);
  }
  if (!inGroup) await deps.directory.addToAdminGroup(profile.id);
  await recordRole(deps, profile.id, true, input.by);
  return toAdminUser(await currentProfile(deps, profile, true));
}

/**
 * Remove the admin role: the record first (the old token still carries the group, and the record
 * is what turns it down on the next request), then the group. A failure in between leaves a group
 * without its record, which grants nothing.
 */
export async function removeAdmin(
  deps: RoleDeps,
  input: { callerId: string; profile: Profile | undefined },
): Promise<AdminUser> {
  if (!input.profile) throw notFound('User not found');
  // Without this an admin could lock the shop out of its own dashboard by a slip of the finger.
  if (input.profile.id === input.callerId) throw businessRule(CANNOT_REMOVE_OWN_ADMIN);
  // A user the pool does not know is a 404 before anything is written.
  await deps.directory.isAdmin(input.profile.id);
  await recordRole(deps, input.profile.id, false, input.callerId);
  await deps.directory.removeFromAdminGroup(input.profile.id);
  return toAdminUser(await currentProfile(deps, input.profile, false));
}

export async function checkAdmin(
  deps: Omit<RoleDeps, 'now'>,
  email: string,
): Promise<{ email: string; found: boolean; is_admin: boolean; user_id: string | null; message: string }> {
  const profile = await findProfileByEmail(deps.db, email);
  if (!profile) {
    return {
      email,
      found: false,
      is_admin: false,
      user_id: null,
      message: `User not found with email: ${email}`,
    };
  }
  // What the API enforces: the group and the role record.
  const [inGroup, recorded] = await Promise.all([
    deps.directory.isAdmin(profile.id),
    hasAdminRole(deps.db, profile.id),
  ]);
  const isAdmin = inGroup && recorded;
  return {
    email,
    found: true,
    is_admin: isAdmin,
    user_id: profile.id,
    message: isAdmin ? `${email} has admin access` : `${email} does not have admin access`,
  };
}
