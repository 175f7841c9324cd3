import { adminGetReconciliation as route } from '@khelaghor/contract/routes/admin-reconciliation';
import { db } from '../../db/client';
import { getReport } from '../../db/reconciliation/report-item';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  report: (await getReport(db(), req.params.day)) ?? null,
}));
