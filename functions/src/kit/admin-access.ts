import { hasAdminRole } from '../db/admin-role';
import { db } from '../db/client';
import { forbidden } from '../domain/refusals';
import type { Caller } from './auth';

/**
 * Whether the caller may use an admin route: the group claim of the token, and the table's role
 * record (the claim lives as long as the token; the record says whether the role still holds).
 */
export async function assertAdminAccess(caller: Caller | undefined): Promise<void> {
  if (!(caller?.isAdmin && (await hasAdminRole(db(), caller.userId)))) throw forbidden();
}
