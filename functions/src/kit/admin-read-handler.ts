import type { RouteDef } from '@khelaghor/contract';
import { assertAdminAccess } from './admin-access';
import { defineHandler } from './handler';

/**
 * defineHandler for an admin GET that only reads: the admin check, and no audit scope, so its
 * bundle holds no audit code and its role no write (infra/test/stack.test.ts holds GETs to that).
 * An admin GET that writes (supplier health counts its calls) uses defineAdminHandler, audited.
 */
export const defineAdminReadHandler = <R extends RouteDef & { access: 'admin'; method: 'GET' }>(
  route: R,
  impl: Parameters<typeof defineHandler<R>>[1],
) => defineHandler(route, impl, assertAdminAccess);
