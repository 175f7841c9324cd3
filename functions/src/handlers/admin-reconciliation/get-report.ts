import { adminGetReconciliation as route } from '@khelaghor/contract/routes/admin-reconciliation';
import { db } from '../../db/client';
import { getReport } from '../../db/reconciliation/report-item';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async (req) => ({
  report: (await getReport(db(), req.params.day)) ?? null,
}));
