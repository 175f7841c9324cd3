import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClientConfig, config } from '../runtime/config';
import type { ProfileLookup } from './users/profiles';

let client: CognitoIdentityProviderClient | undefined;

/** The user pool client (cognito-local when COGNITO_ENDPOINT is set), or undefined without a pool. */
export function userPoolClient(): { client: CognitoIdentityProviderClient; userPoolId: string } | undefined {
  const { USER_POOL_ID } = config();
  if (!USER_POOL_ID) return undefined;
  client ??= new CognitoIdentityProviderClient(cognitoClientConfig());
  return { client, userPoolId: USER_POOL_ID };
}

/**
 * Name and phone come from the pool's attributes (cognito-local's id token lacks them), read once
 * when the profile is created. Without a configured pool (unit/integration tests) nothing is known.
 */
export const userPoolLookup: ProfileLookup = async (userId) => {
  const pool = userPoolClient();
  if (!pool) return undefined;
  const user = await pool.client.send(
    new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: userId }),
  );
  const attr = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
  return { email: attr('email'), fullName: attr('name'), phone: attr('phone_number') };
};
