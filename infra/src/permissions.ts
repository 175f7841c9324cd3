import type { RouteDef } from '@khelaghor/contract';

export type TableAccess = 'read' | 'read-write';
export type CognitoAccess = 'none' | 'read' | 'admin';

/** Everything a route's Lambda may do on AWS besides writing its own logs. */
export interface Grants {
  table: TableAccess;
  cognito: CognitoAccess;
  /** A job whose Lambda this function may invoke (asynchronously) to start it at once. */
  kicksJob?: string;
}

/** Cognito actions per level, always scoped to the shop's user pool. */
export const cognitoActions: Record<Exclude<CognitoAccess, 'none'>, string[]> = {
  // GET /api/me reads name and phone, which the id token does not carry.
  read: ['cognito-idp:AdminGetUser'],
  // Admin > Users: list users, read one, grant or remove the admin group.
  admin: [
    'cognito-idp:AdminGetUser',
    'cognito-idp:ListUsers',
    'cognito-idp:ListUsersInGroup',
    'cognito-idp:AdminListGroupsForUser',
    'cognito-idp:AdminAddUserToGroup',
    'cognito-idp:AdminRemoveUserFromGroup',
  ],
};

type Row = Pick<RouteDef, 'method' | 'path' | 'handler' | 'permissions'>;

function isMe(row: Row): boolean {
  return row.method === 'GET' && row.path === '/api/me';
}

/** The admin-users area (its handlers live in functions/src/handlers/admin-users/). */
function isAdminUsers(row: Row): boolean {
  return row.handler.startsWith('admin-users/');
}

/**
 * The grants of one route-table row. Derived from the row so a new row gets least privilege
 * without touching infra: GET routes only read the table, every other method reads and writes;
 * `GET /api/me` writes too (it creates the profile on first call) and reads the Cognito user;
 * the admin-users routes manage Cognito users. A row's `permissions` hint wins over the rules.
 */
export function routeGrants(row: Row): Grants {
  const derivedTable: TableAccess = row.method === 'GET' && !isMe(row) ? 'read' : 'read-write';
  const derivedCognito: CognitoAccess = isAdminUsers(row) ? 'admin' : isMe(row) ? 'read' : 'none';
  return {
    table: row.permissions?.table ?? derivedTable,
    cognito: row.permissions?.cognito ?? derivedCognito,
    ...(row.permissions?.kicksJob && { kicksJob: row.permissions.kicksJob }),
  };
}

/** Scheduled jobs change reservations, orders and payments. */
export const jobGrants: Grants = { table: 'read-write', cognito: 'none' };

export function grantsKey(grants: Grants): string {
  // A role that may invoke a job's Lambda is never the job's own role (that would be a cycle).
  return `${grants.table}-${grants.cognito}${grants.kicksJob ? `-kicks-${grants.kicksJob}` : ''}`;
}
