import type { RouteDef, RouteTable } from '../route-def';
import { IdParams } from '../schemas/ids';
import {
  AdminStats,
  AdminUsersPage,
  AdminUsersQuery,
  CheckAdminQuery,
  CheckAdminResponse,
  ConfirmMfaResponse,
  GrantAdminBody,
  UserResponse,
} from '../schemas/admin-users';

export const adminListUsers = {
  method: 'GET',
  path: '/api/admin/users',
  handler: 'admin-users/list-users',
  access: 'admin',
  summary: 'Profiles newest first with balance and admin flag (cursor pages, optional email prefix)',
  query: AdminUsersQuery,
  response: AdminUsersPage,
} satisfies RouteDef;

export const adminGrantAdminByEmail = {
  method: 'POST',
  path: '/api/admin/users/grant-admin',
  handler: 'admin-users/grant-admin-by-email',
  access: 'admin',
  summary: 'Grant the admin role to the user with this email (Cognito group admin)',
  body: GrantAdminBody,
  response: UserResponse,
} satisfies RouteDef;

export const adminCheckAdmin = {
  method: 'GET',
  path: '/api/admin/users/check-admin',
  handler: 'admin-users/check-admin',
  access: 'admin',
  summary: 'Whether the user with this email exists and is an admin (dev tools)',
  query: CheckAdminQuery,
  response: CheckAdminResponse,
} satisfies RouteDef;

export const adminGrantAdmin = {
  method: 'POST',
  path: '/api/admin/users/{id}/admin',
  handler: 'admin-users/grant-admin',
  access: 'admin',
  summary: 'Grant the admin role to a user',
  params: IdParams,
  response: UserResponse,
} satisfies RouteDef;

export const adminRemoveAdmin = {
  method: 'DELETE',
  path: '/api/admin/users/{id}/admin',
  handler: 'admin-users/remove-admin',
  access: 'admin',
  summary: 'Remove the admin role from a user (never from yourself)',
  params: IdParams,
  response: UserResponse,
} satisfies RouteDef;

export const adminStats = {
  method: 'GET',
  path: '/api/admin/stats',
  handler: 'admin-users/stats',
  access: 'admin',
  summary: 'Overview: sales per day (14 days), orders by status, revenue, low-stock variants',
  response: AdminStats,
} satisfies RouteDef;

export const adminConfirmMfa = {
  method: 'POST',
  path: '/api/admin/mfa/confirm',
  handler: 'admin-users/confirm-mfa',
  access: 'admin',
  summary:
    'After adding an authenticator app: every session signed in before it stops working (the admin signs in again with the code)',
  response: ConfirmMfaResponse,
} satisfies RouteDef;

export const adminUsersRoutes = {
  adminListUsers,
  adminGrantAdminByEmail,
  adminCheckAdmin,
  adminGrantAdmin,
  adminRemoveAdmin,
  adminStats,
  adminConfirmMfa,
} satisfies RouteTable;
