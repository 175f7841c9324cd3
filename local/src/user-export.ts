import {
  ListGroupsCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type CognitoIdentityProviderClient,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';

/**
 * Every user of a pool with their attributes and groups: what a restore of the accounts needs
 * (docs/operations.md, "Restore"). Cognito has no backup and never gives passwords or
 * authenticator secrets out: after a pool is lost, the users are made again from this list
 * (AdminCreateUser with these attributes, the groups, the same email) and set new passwords and
 * admins a new authenticator app; the table's items are keyed by the old `sub`, which the list
 * keeps so the two can be joined.
 */
export interface ExportedUser {
  username: string;
  sub: string | undefined;
  email: string | undefined;
  status: string | undefined;
  enabled: boolean | undefined;
  created: string | undefined;
  modified: string | undefined;
  /** Every attribute Cognito holds (sub, email, email_verified, name, phone_number, ...). */
  attributes: Record<string, string>;
  groups: string[];
}

/** Every page of a paginated call (Cognito's PaginationToken / NextToken). */
async function allPages<T>(page: (token?: string) => Promise<{ items: T[]; next?: string }>): Promise<T[]> {
  const out: T[] = [];
  let token: string | undefined;
  do {
    const { items, next } = await page(token);
    out.push(...items);
    token = next;
  } while (token);
  return out;
}

export async function exportUsers(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
): Promise<ExportedUser[]> {
  const users = await allPages<UserType>(async (token) => {
    const res = await client.send(new ListUsersCommand({ UserPoolId: userPoolId, PaginationToken: token }));
    return { items: res.Users ?? [], next: res.PaginationToken };
  });
  // Groups by listing each group's members: one call per group (and page), not one per user.
  const groupsOf = new Map<string, string[]>();
  const groups = await allPages(async (token) => {
    const res = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId, NextToken: token }));
    return { items: (res.Groups ?? []).map((g) => g.GroupName!).filter(Boolean), next: res.NextToken };
  });
  for (const group of groups) {
    const members = await allPages<UserType>(async (token) => {
      const res = await client.send(
        new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: group, NextToken: token }),
      );
      return { items: res.Users ?? [], next: res.NextToken };
    });
    for (const m of members) groupsOf.set(m.Username!, [...(groupsOf.get(m.Username!) ?? []), group]);
  }
  return users
    .map((u) => {
      const attributes = Object.fromEntries((u.Attributes ?? []).map((a) => [a.Name!, a.Value ?? '']));
      return {
        username: u.Username!,
        sub: attributes.sub,
        email: attributes.email,
        status: u.UserStatus,
        enabled: u.Enabled,
        created: u.UserCreateDate ? new Date(u.UserCreateDate).toISOString() : undefined,
        modified: u.UserLastModifiedDate ? new Date(u.UserLastModifiedDate).toISOString() : undefined,
        attributes,
        groups: (groupsOf.get(u.Username!) ?? []).sort(),
      };
    })
    .sort((a, b) => (a.username < b.username ? -1 : 1));
}
