import type { RouteDef, RouteTable } from '../route-def';
import {
  ReconBreakParams,
  ReconDayParams,
  ReconReportResponse,
  ReconRunResponse,
  ResolveBreakBody,
  ResolveBreakResponse,
} from '../schemas/reconciliation';

/** Admin → Reconciliation: one Asia/Dhaka day's report of breaks (docs/operations.md). */
export const adminGetReconciliation = {
  method: 'GET',
  path: '/api/admin/reconciliation/{day}',
  handler: 'admin-reconciliation/get-report',
  access: 'admin',
  summary: "The day's reconciliation report and its breaks (null when the day was never run)",
  params: ReconDayParams,
  response: ReconReportResponse,
} satisfies RouteDef;

export const adminRunReconciliation = {
  method: 'POST',
  path: '/api/admin/reconciliation/{day}/run',
  handler: 'admin-reconciliation/run-report',
  access: 'admin',
  summary:
    "Reconcile the day now (gateway invoices, manual payments, supplier orders, wallets); replaces the day's report",
  params: ReconDayParams,
  response: ReconRunResponse,
} satisfies RouteDef;

export const adminResolveBreak = {
  method: 'POST',
  path: '/api/admin/reconciliation/{day}/breaks/{id}/resolve',
  handler: 'admin-reconciliation/resolve-break',
  access: 'admin',
  summary: 'Mark a break resolved with a note saying how (who and when are recorded on the break)',
  params: ReconBreakParams,
  body: ResolveBreakBody,
  response: ResolveBreakResponse,
} satisfies RouteDef;

export const adminReconciliationRoutes = {
  adminGetReconciliation,
  adminRunReconciliation,
  adminResolveBreak,
} satisfies RouteTable;
