import { API_MESSAGES, said } from '@khelaghor/contract/api-messages';
import { readAdminRole } from '../db/users/admin-role';
import { db } from '../db/client';
import { hasAuthenticatorApp } from '../clients/user-pool';
import { forbidden, Refusal } from '../domain/refusals';
import { clock } from '../runtime/clock';
import { config } from '../runtime/config';
import type { Caller } from './auth';
import { keptPerContainer } from '../runtime/container-state';

/** What an admin without an authenticator app is told (the SPA shows its own enrol screen for the code). */
export const MFA_REQUIRED_MESSAGE = API_MESSAGES.admin_mfa_required;

/** A positive answer is kept this long per container; a negative one never (a fresh enrolment counts at once). */
const MFA_CACHE_MS = 5 * 60_000;
const enrolledUntil = new Map<string, number>();
keptPerContainer(forgetAdminMfaAnswers);

/**
 * How long an admin session lasts: counted from the token's auth_time (the sign-in with password
 * and code), which a refresh keeps, so an admin signs in again after this however often the SPA
 * refreshed. Cognito's refresh tokens last 30 days for the customers' sake (one app client for
 * both): this is the admins' own limit (docs/admin-mfa.md).
 */
export const ADMIN_SESSION_HOURS = 8;

/**
 * Why this admin session may not open admin routes, or undefined when it may: no auth_time, signed
 * in more than ADMIN_SESSION_HOURS ago, or before the admin's current authenticator app was
 * confirmed (`mfaSince`, db/users/admin-role.ts markMfaEnrolled: a refresh token from before the
 * enrolment keeps its old auth_time, so it stops working at the enrolment).
 */
export function adminSessionProblem(
  authTime: number | undefined,
  mfaSince: number | undefined,
  nowMs: number,
): 'no_auth_time' | 'too_old' | 'before_mfa' | undefined {
  if (authTime === undefined) return 'no_auth_time';
  if (nowMs - authTime * 1000 > ADMIN_SESSION_HOURS * 3600_000) return 'too_old';
  if (mfaSince !== undefined && authTime < mfaSince) return 'before_mfa';
  return undefined;
}

/**
 * Whether the caller may use an admin route: the group claim of the token, and the table's role
 * record (the claim lives as long as the token; the record says whether the role still holds).
 * With ADMIN_MFA=required (AWS and the local stack), the admin's pool user must also have an
 * authenticator app set up, else 403 mfa_required with how to enrol. Then the session itself must
 * be young enough (adminSessionProblem), else 401 admin_sign_in_again.
 */
export async function assertAdminAccess(caller: Caller | undefined): Promise<void> {
  const role = caller?.isAdmin ? await readAdminRole(db(), caller.userId) : undefined;
  if (!caller || !role?.isAdmin) throw forbidden();
  if (config().ADMIN_MFA === 'required') await assertAuthenticatorApp(caller.userId);
  if (adminSessionProblem(caller.authTime, role.mfaSince, clock().getTime()))
    throw new Refusal('unauthorized', said('admin_sign_in_again', { hours: ADMIN_SESSION_HOURS }));
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
