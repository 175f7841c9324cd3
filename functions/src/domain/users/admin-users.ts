import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminUser } from '@khelaghor/contract/schemas/admin-users';
import type { Db } from '../../db/client';
import { setProfileAdmin, type Profile } from '../../db/profiles';
import { indexKeys } from '../../db/keys';
import { decodeCursor, encodeCursor, type PageList } from '../../db/page-cursor';
import { conflict, notFound, unprocessable } from '../../kit/errors';
import type { UserDirectory } from './user-directory';

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
  const list: PageList = { index: 'gsi2', pk: indexKeys.allUsers() };
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
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': indexKeys.email(email), ':sk': 'PROFILE' },
      Limit: 1,
    }),
  );
  return out.Items?.[0] as Profile | undefined;
}

/** Mirror the Cognito group on the profile, so lists show it without asking Cognito per row. */
async function mirrorAdminFlag(deps: RoleDeps, userId: string, isAdmin: boolean): Promise<Profile> {
  const profile = await setProfileAdmin(deps.db, userId, isAdmin, deps.now);
  if (!profile) throw notFound('User not found');
  return profile;
}

export interface RoleDeps {
  db: Db;
  directory: UserDirectory;
  now: () => Date;
}

/** Grant the admin role: Cognito group first (the real permission), then the profile mirror.
 *  The user's next token (sign-in or refresh) carries the group. */
export async function grantAdmin(deps: RoleDeps, profile: Profile | undefined): Promise<AdminUser> {
  if (!profile) throw notFound(USER_NOT_FOUND_BY_EMAIL);
  const inGroup = await deps.directory.isAdmin(profile.id);
  if (inGroup) {
    // Repair a stale mirror (e.g. the first admin made from the command line), then report it.
    if (profile.is_admin !== true) await mirrorAdminFlag(deps, profile.id, true);
    throw conflict(ALREADY_ADMIN);
  }
  await deps.directory.addToAdminGroup(profile.id);
  return toAdminUser(await mirrorAdminFlag(deps, profile.id, true));
}

export async function removeAdmin(
  deps: RoleDeps,
  input: { callerId: string; profile: Profile | undefined },
): Promise<AdminUser> {
  if (!input.profile) throw notFound('User not found');
  // Without this an admin could lock the shop out of its own dashboard by a slip of the finger.
  if (input.profile.id === input.callerId) throw unprocessable(CANNOT_REMOVE_OWN_ADMIN);
  await deps.directory.removeFromAdminGroup(input.profile.id);
  return toAdminUser(await mirrorAdminFlag(deps, input.profile.id, false));
}

export async function checkAdmin(
  deps: Omit<RoleDeps, 'now'>,
  email: string,
): Promise<{ email: string; found: boolean; is_admin: boolean; user_id: string | null; message: string }> {
  const profile = await findProfileByEmail(deps.db, email);
  if (!profile) {
    return { email, found: false, is_admin: false, user_id: null, message: `User not found with email: ${email}` };
  }
  const isAdmin = await deps.directory.isAdmin(profile.id);
  return {
    email,
    found: true,
    is_admin: isAdmin,
    user_id: profile.id,
    message: isAdmin ? `${email} has admin access` : `${email} does not have admin access`,
  };
}
