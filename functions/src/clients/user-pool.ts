// A static import on purpose: the Lambda bundle holds the SDK (infra/src/lambda-bundling.ts), where
// an import() keeps the whole Cognito client (every command's schema, ~100 KB more to parse at each
// admin cold start) and a static one keeps AdminGetUser only (~4 ms of init in the bundles bench).
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  type AdminGetUserCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import type { ProfileLookup } from '../db/users/profiles';
import { cognitoClientConfig, config } from '../runtime/config';
import { keptPerContainer } from '../runtime/container-state';

/**
 * The user pool's answers about one user (AdminGetUser): their attributes when a profile is made,
 * and whether they have an authenticator app (the kit's admin MFA check). The admin group's
 * reads and changes are in user-directory.ts, the global sign-out in session-revoker.ts.
 */

let client: CognitoIdentityProviderClient | undefined;
let override: ((userId: string) => Promise<boolean | undefined>) | undefined;
keptPerContainer(() => {
  client = undefined;
  override = undefined;
});

/** The user pool client (cognito-local when COGNITO_ENDPOINT is set), or undefined without a pool. */
function userPoolClient(): { client: CognitoIdentityProviderClient; userPoolId: string } | undefined {
  const { USER_POOL_ID } = config();
  if (!USER_POOL_ID) return undefined;
  client ??= new CognitoIdentityProviderClient(cognitoClientConfig());
  return { client, userPoolId: USER_POOL_ID };
}

const getUser = (
  pool: NonNullable<ReturnType<typeof userPoolClient>>,
  userId: string,
): Promise<AdminGetUserCommandOutput> =>
  pool.client.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: userId }));

/**
 * Name and phone come from the pool's attributes (cognito-local's id token lacks them), read once
 * when the profile is created. Without a configured pool (unit/integration tests) nothing is known.
 */
export const userPoolLookup: ProfileLookup = async (userId) => {
  const pool = userPoolClient();
  if (!pool) return undefined;
  const user = await getUser(pool, userId);
  const attr = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
  return { email: attr('email'), fullName: attr('name'), phone: attr('phone_number') };
};

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
 * enabled (VerifySoftwareToken, then SetUserMFAPreference). `undefined`: the pool has no such user.
 */
export async function hasAuthenticatorApp(userId: string): Promise<boolean | undefined> {
  if (override) return override(userId);
  const pool = userPoolClient();
  if (!pool) throw new Error('USER_POOL_ID is not set: admin MFA cannot be checked (ADMIN_MFA=required)');
  try {
    return hasSoftwareToken(await getUser(pool, userId));
  } catch (error) {
    if ((error as Error)?.name === 'UserNotFoundException') return undefined;
    throw error;
  }
}
