import type { RouteDef, RouteTable } from '../route-def';
import { AuditPage, AuditQuery } from '../schemas/audit';

/**
 * Admin → Audit: who changed money, stock, rights or settings. Read only: no route writes,
 * changes or deletes an audit entry; admin routes' writes add them (functions/src/db/audit/).
 */
export const adminListAudit = {
  method: 'GET',
  path: '/api/admin/audit',
  handler: 'admin-audit/list-audit',
  access: 'admin',
  summary: "One Asia/Dhaka day's audit entries newest first (cursor pages; filter by admin or action)",
  query: AuditQuery,
  response: AuditPage,
} satisfies RouteDef;

export const adminAuditRoutes = { adminListAudit } satisfies RouteTable;
