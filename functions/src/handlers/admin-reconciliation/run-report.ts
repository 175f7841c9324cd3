import { adminRunReconciliation as route } from '@khelaghor/contract/routes/admin-reconciliation';
import { clock } from '../../runtime/clock';
import { db } from '../../db/client';
import { reconcileDay } from '../../use-cases/reconciliation/reconcile-day';
import { reconcileDeps } from '../../use-cases/reconciliation/deps';
import { defineAdminHandler } from '../../kit/admin-handler';

/** An admin's run of any day: it replaces the day's report (keeping resolutions of breaks found again). */
export const handler = defineAdminHandler(route, async (req) => {
  const deps = await reconcileDeps(db(), clock);
  const { report } = await reconcileDay(deps, req.params.day, { by: req.caller.userId, replace: true });
  return {
    report,
    message: report.breaks.length ? `${report.breaks.length} breaks found` : 'No breaks: the books agree',
  };
});
