import type { AdminUser } from '@khelaghor/contract/schemas/admin-users';
import type { Db } from '../../db/client';
import { hasAdminRole, writeAdminRole } from '../../db/users/admin-role';
import { getProfile, type Profile } from '../../db/users/profiles';
import { listProfiles, profileByEmail } from '../../db/users/profile-list';
import { businessRule, conflict, notFound } from '../../domain/refusals';
import type { AdminGroupReader, UserDirectory } from '../../clients/user-directory';

const USER_NOT_FOUND_BY_EMAIL = 'User not found with this email';
const ALREADY_ADMIN = 'Already Admin: This user already has admin privileges';
const CANNOT_REMOVE_OWN_ADMIN = 'You cannot remove your own admin role';

function toAdminUser(p: Profile): AdminUser {
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

/** Profiles newest first; with an email prefix, only those whose email starts with it. */
export async function listUsers(
  db: Db,
  input: { limit: number; cursor?: string; email?: string },
): Promise<{ items: AdminUser[]; cursor: string | null }> {
  const { items, cursor } = await listProfiles(db, input);
  return { items: items.map(toAdminUser), cursor };
}

export function findProfileByEmail(db: Db, email: string): Promise<Profile | undefined> {
  return profileByEmail(db, email);
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
  deps: { db: Db; directory: AdminGroupReader },
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
