import type { RouteDef } from '@khelaghor/contract';
import { assertAdminAccess } from './admin-access';
import { defineHandler } from './handler';

/**
 * defineHandler for `admin` routes: the same stack plus the admin check (role record, and the
 * authenticator app where ADMIN_MFA=required). Kept out of defineHandler so that a public or
 * customer function's bundle holds neither the role read nor Cognito's AdminGetUser, and its IAM
 * role (read from the bundle) is granted neither.
 */
export const defineAdminHandler = <R extends RouteDef & { access: 'admin' }>(
  route: R,
  impl: Parameters<typeof defineHandler<R>>[1],
) => defineHandler(route, impl, assertAdminAccess);
