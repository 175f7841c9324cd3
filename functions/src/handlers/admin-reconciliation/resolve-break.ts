import { adminResolveBreak as route } from '@khelaghor/contract/routes/admin-reconciliation';
import { clock } from '../../runtime/clock';
import { db } from '../../db/client';
import { resolveBreak } from '../../use-cases/reconciliation/reconcile-day';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  report: await resolveBreak({ db: db(), now: clock }, req.params.day, req.params.id, {
    userId: req.caller.userId,
    note: req.body.note,
  }),
  message: 'Break marked resolved',
}));
