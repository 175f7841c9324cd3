import { ApiError } from '../../../shared/api/client';

/** The API's answer to an admin without an authenticator app (ADMIN_MFA=required: AWS and the local stack). */
export const isMfaRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'mfa_required';
