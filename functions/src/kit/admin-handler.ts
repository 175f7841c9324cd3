import type { RouteDef } from '@khelaghor/contract';
import { ulid } from 'ulid';
import { assertAdminAccess } from './admin-access';
import { defineHandler } from './handler';
import { inAuditScope } from '../db/audit/audit-scope';
import { masked } from '../db/audit/audit-entry';
import { auditAdminWrites } from '../db/audit/audited-writes';
import { db } from '../db/client';
import { clock } from '../runtime/clock';
import type { Caller } from './auth';

/**
 * defineHandler for `admin` routes: the same stack plus the admin check (role record, and the
 * authenticator app where ADMIN_MFA=required), and the audit trail: the route's code runs in an
 * audit scope, so each write it makes carries an audit entry in the same transaction
 * (db/audit/audited-writes.ts). Kept out of defineHandler so that a public or customer function's
 * bundle holds neither the role read nor Cognito's AdminGetUser, and its IAM role (read from the
 * bundle) is granted neither.
 */
export const defineAdminHandler = <R extends RouteDef & { access: 'admin' }>(
  route: R,
  impl: Parameters<typeof defineHandler<R>>[1],
) =>
  defineHandler(
    route,
    (req) => {
      auditAdminWrites(db());
      return inAuditScope(
        {
          callId: ulid(),
          at: clock().toISOString(),
          actorId: (req.caller as Caller).userId,
          actorEmail: (req.caller as Caller).email,
          ip: req.sourceIp,
          requestId: req.requestId,
          action: route.handler,
          summary: route.summary,
          method: route.method,
          path: req.event.rawPath ?? route.path,
          request: masked({ params: req.params, query: req.query, body: req.body }),
          writes: 0,
        },
        () => impl(req),
      );
    },
    assertAdminAccess,
  );
