import {
  AdminAddUserToGroupCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '@khelaghor/contract/roles';
import { cognitoClientConfig, config, localEndpoint } from '../runtime/config';
import { notFound } from '../domain/refusals';
import { keptPerContainer } from '../runtime/container-state';

/**
 * Where the admin role really lives: the Cognito group `admin` (its claim is what the API checks).
 * Behind an interface so integration tests can run against cognito-local or a fake directory.
 * `userId` is the Cognito sub; with email sign-in the pool's username is the sub, and cognito-local
 * wants the sub for group calls.
 */
export interface AdminGroupReader {
  isAdmin(userId: string): Promise<boolean>;
}

export interface UserDirectory extends AdminGroupReader {
  addToAdminGroup(userId: string): Promise<void>;
  removeFromAdminGroup(userId: string): Promise<void>;
}

interface CognitoOptions {
  userPoolId: string;
  endpoint?: string;
  region?: string;
  client?: CognitoIdentityProviderClient;
}

function cognitoClient(opts: CognitoOptions): CognitoIdentityProviderClient {
  return (
    opts.client ??
    new CognitoIdentityProviderClient({
      region: opts.region ?? 'ap-southeast-1',
      ...localEndpoint(opts.endpoint),
    })
  );
}

const mapMissingUser = (error: unknown): never => {
  if ((error as Error)?.name === 'UserNotFoundException') throw notFound('User not found');
  throw error;
};

/**
 * Only the read half: a function of its own, so a read-only route's bundle holds no group-changing
 * command and its role is granted none (infra reads the grants from the bundle).
 */
function groupReader(client: CognitoIdentityProviderClient, UserPoolId: string): AdminGroupReader['isAdmin'] {
  return async (userId) => {
    const groups: string[] = [];
    let NextToken: string | undefined;
    try {
      do {
        const out = await client.send(
          new AdminListGroupsForUserCommand({ UserPoolId, Username: userId, NextToken }),
        );
        groups.push(...(out.Groups ?? []).map((g) => g.GroupName ?? ''));
        NextToken = out.NextToken;
      } while (NextToken);
    } catch (error) {
      mapMissingUser(error);
    }
    return groups.includes(ADMIN_GROUP);
  };
}

export function cognitoDirectory(opts: CognitoOptions): UserDirectory {
  const client = cognitoClient(opts);
  const UserPoolId = opts.userPoolId;

  return {
    isAdmin: groupReader(client, UserPoolId),
    async addToAdminGroup(userId) {
      const add = () =>
        client.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: userId, GroupName: ADMIN_GROUP }));
      try {
        await add();
      } catch (error) {
        // A fresh pool may not have the group yet: make it once, then add again.
        if ((error as Error)?.name !== 'ResourceNotFoundException') mapMissingUser(error);
        try {
          await client.send(new CreateGroupCommand({ UserPoolId, GroupName: ADMIN_GROUP }));
        } catch (createError) {
          if ((createError as Error)?.name !== 'GroupExistsException') throw createError;
        }
        await add().catch(mapMissingUser);
      }
    },
    async removeFromAdminGroup(userId) {
      await client
        .send(new AdminRemoveUserFromGroupCommand({ UserPoolId, Username: userId, GroupName: ADMIN_GROUP }))
        .catch((error: unknown) => {
          // Not in the group (or no group at all): already the wanted state.
          if ((error as Error)?.name === 'ResourceNotFoundException') return;
          mapMissingUser(error);
        });
    },
  };
}

let override: UserDirectory | undefined;
let shared: UserDirectory | undefined;

/** The directory the handlers use: Cognito from the environment unless a test set another. */
export function userDirectory(): UserDirectory {
  if (override) return override;
  if (!shared) {
    const { USER_POOL_ID, COGNITO_ENDPOINT, AWS_REGION } = config();
    if (!USER_POOL_ID) throw new Error('USER_POOL_ID is not set: the admin role cannot be changed');
    shared = cognitoDirectory({ userPoolId: USER_POOL_ID, endpoint: COGNITO_ENDPOINT, region: AWS_REGION });
  }
  return shared;
}

let sharedReader: AdminGroupReader | undefined;
keptPerContainer(() => {
  override = undefined;
  shared = undefined;
  sharedReader = undefined;
});

/** The read half of userDirectory(), for routes that only look. */
export function adminGroupReader(): AdminGroupReader {
  if (override) return override;
  if (!sharedReader) {
    const { USER_POOL_ID } = config();
    if (!USER_POOL_ID) throw new Error('USER_POOL_ID is not set: the admin group cannot be read');
    const client = new CognitoIdentityProviderClient(cognitoClientConfig());
    sharedReader = { isAdmin: groupReader(client, USER_POOL_ID) };
  }
  return sharedReader;
}

/** Tests: use this directory (undefined goes back to Cognito from the environment). */
export function setUserDirectory(directory: UserDirectory | undefined): void {
  override = directory;
  shared = undefined;
  sharedReader = undefined;
}
