import { API_MESSAGES } from '@khelaghor/contract/api-messages';
import { forbidden, Refusal } from '../../domain/refusals';

export interface ConfirmMfaDeps {
  /** Cognito's answer: a verified, enabled authenticator app (clients/user-pool.ts); undefined: no such user. */
  hasAuthenticatorApp(userId: string): Promise<boolean | undefined>;
  /** Record the enrolment on the admin's role record (false: not an admin). */
  markEnrolled(userId: string, now: Date): Promise<boolean>;
  /** Cognito's global sign-out (clients/session-revoker.ts). */
  signOutEverywhere(userId: string): Promise<'signed_out' | 'unsupported'>;
  now(): Date;
}

/**
 * An admin has just added an authenticator app (the SPA's enrol screen, after VerifySoftwareToken
 * and SetUserMFAPreference): from now on a session signed in before it is not an admin session.
 * Checked with Cognito first (the caller's word is not enough), then the cut is recorded (the admin
 * guard refuses older sessions at once, wherever the pool cannot sign out), then every session is
 * signed out, so a refresh token taken before the app was added stops working everywhere.
 */
export async function confirmMfaEnrolment(
  deps: ConfirmMfaDeps,
  userId: string,
): Promise<{ signed_out: boolean }> {
  if (!(await deps.hasAuthenticatorApp(userId)))
    throw new Refusal('mfa_required', API_MESSAGES.admin_mfa_required);
  if (!(await deps.markEnrolled(userId, deps.now()))) throw forbidden();
  return { signed_out: (await deps.signOutEverywhere(userId)) === 'signed_out' };
}
