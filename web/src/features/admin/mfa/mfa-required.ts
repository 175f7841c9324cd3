import { ApiError } from '../../../shared/api/client';

/** The API's answer to an admin without an authenticator app (ADMIN_MFA=required: AWS and the local stack). */
export const isMfaRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'mfa_required';

/** The API's answer to an admin session that is too old, or from before the authenticator app. */
export const isSignInAgain = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.reason === 'admin_sign_in_again';
