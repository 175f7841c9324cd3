import {
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClientConfig, config } from '../runtime/config';
import { keptPerContainer } from '../runtime/container-state';

/**
 * Ends every session of a pool user: Cognito's AdminUserGlobalSignOut revokes their refresh tokens
 * (and access tokens for Cognito's own API), so nothing signed in before can get a new id token.
 * cognito-local (5.3.0) has no AdminUserGlobalSignOut: with COGNITO_ENDPOINT set the answer is
 * 'unsupported' and nothing is called; the admin guard's own cut (db/users/admin-role.ts mfa_since)
 * still refuses the older sessions on admin routes there.
 */
export interface SessionRevoker {
  signOutEverywhere(userId: string): Promise<'signed_out' | 'unsupported'>;
}

let client: CognitoIdentityProviderClient | undefined;
keptPerContainer(() => (client = undefined));

export function sessionRevoker(): SessionRevoker {
  return {
    async signOutEverywhere(userId) {
      const { USER_POOL_ID, COGNITO_ENDPOINT } = config();
      if (COGNITO_ENDPOINT) return 'unsupported';
      if (!USER_POOL_ID) throw new Error('USER_POOL_ID is not set: sessions cannot be signed out');
      client ??= new CognitoIdentityProviderClient(cognitoClientConfig());
      await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: USER_POOL_ID, Username: userId }));
      return 'signed_out';
    },
  };
}
