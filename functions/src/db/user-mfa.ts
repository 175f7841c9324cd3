// A static import on purpose: the Lambda bundle holds the SDK (infra/src/lambda-bundling.ts), where
// an import() keeps the whole Cognito client (every command's schema, ~100 KB more to parse at each
// admin cold start) and a static one keeps AdminGetUser only (~4 ms of init in the bundles bench).
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClientConfig, config } from '../runtime/config';

let client: CognitoIdentityProviderClient | undefined;
let override: ((userId: string) => Promise<boolean | undefined>) | undefined;

/** Tests without a user pool: answer with this instead (undefined goes back to Cognito). */
export function setAuthenticatorAppReader(reader: typeof override): void {
  override = reader;
}

/** What counts as enrolled: a verified, enabled authenticator app on the pool user. */
export const hasSoftwareToken = (user: { UserMFASettingList?: string[] }): boolean =>
  (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');

/**
 * Whether a user of the pool has a verified authenticator app (TOTP, "software token") turned on:
 * AdminGetUser's UserMFASettingList holds SOFTWARE_TOKEN_MFA once the app was verified and
 * enabled (VerifySoftwareToken, then SetUserMFAPreference). `undefined`: the pool has no such
 * user. It lives in db/ because the HTTP kit, which asks it on admin routes, may read db/ but not
 * clients/ (docs/architecture.md).
 */
export async function hasAuthenticatorApp(userId: string): Promise<boolean | undefined> {
  if (override) return override(userId);
  const { USER_POOL_ID } = config();
  if (!USER_POOL_ID) throw new Error('USER_POOL_ID is not set: admin MFA cannot be checked (ADMIN_MFA=required)');
  client ??= new CognitoIdentityProviderClient(cognitoClientConfig());
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: USER_POOL_ID, Username: userId }));
    return hasSoftwareToken(user);
  } catch (error) {
    if ((error as Error)?.name === 'UserNotFoundException') return undefined;
    throw error;
  }
}
