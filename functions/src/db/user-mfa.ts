import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { userPoolClient } from './user-pool';

/**
 * Whether a user of the pool has a verified authenticator app (TOTP, "software token") turned on:
 * AdminGetUser's UserMFASettingList holds SOFTWARE_TOKEN_MFA once the app was verified and
 * enabled (VerifySoftwareToken, then SetUserMFAPreference). `undefined`: the pool has no such
 * user. It lives beside db/user-pool.ts (the profile lookup's AdminGetUser) because the HTTP kit,
 * which asks it on admin routes, may read db/ but not clients/ (docs/architecture.md).
 */
export async function hasAuthenticatorApp(userId: string): Promise<boolean | undefined> {
  const pool = userPoolClient();
  if (!pool) throw new Error('USER_POOL_ID is not set: admin MFA cannot be checked (ADMIN_MFA=required)');
  try {
    const user = await pool.client.send(
      new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: userId }),
    );
    return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
  } catch (error) {
    if ((error as Error)?.name === 'UserNotFoundException') return undefined;
    throw error;
  }
}
