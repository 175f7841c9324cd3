import { API_MESSAGES } from '@khelaghor/contract/api-messages';
import { hasAdminRole } from '../db/admin-role';
import { db } from '../db/client';
import { hasAuthenticatorApp } from '../db/user-mfa';
import { forbidden, Refusal } from '../domain/refusals';
import { config } from '../runtime/config';
import type { Caller } from './auth';

/** What an admin without an authenticator app is told (the SPA shows its own enrol screen for the code). */
export const MFA_REQUIRED_MESSAGE = API_MESSAGES.admin_mfa_required;

/** A positive answer is kept this long per container; a negative one never (a fresh enrolment counts at once). */
export const MFA_CACHE_MS = 5 * 60_000;
const enrolledUntil = new Map<string, number>();

/**
 * Whether the caller may use an admin route: the group claim of the token, and the table's role
 * record (the claim lives as long as the token; the record says whether the role still holds).
 * With ADMIN_MFA=required (AWS and the local stack), the admin's pool user must also have an
 * authenticator app set up, else 403 mfa_required with how to enrol.
 */
export async function assertAdminAccess(caller: Caller | undefined): Promise<void> {
  if (!(caller?.isAdmin && (await hasAdminRole(db(), caller.userId)))) throw forbidden();
  if (config().ADMIN_MFA === 'required') await assertAuthenticatorApp(caller.userId);
}

async function assertAuthenticatorApp(userId: string): Promise<void> {
  const now = Date.now();
  if ((enrolledUntil.get(userId) ?? 0) > now) return;
  const enrolled = await hasAuthenticatorApp(userId);
  // A valid token for a user the pool no longer has: not an admin to enrol.
  if (enrolled === undefined) throw forbidden();
  if (!enrolled) {
    enrolledUntil.delete(userId);
    throw new Refusal('mfa_required', MFA_REQUIRED_MESSAGE);
  }
  if (enrolledUntil.size > 1000) enrolledUntil.clear();
  enrolledUntil.set(userId, now + MFA_CACHE_MS);
}

/** Tests: forget the cached answers (as a new container would). */
export function forgetAdminMfaAnswers(): void {
  enrolledUntil.clear();
}
