import { adminListAudit as route } from '@khelaghor/contract/routes/admin-audit';
import { db } from '../../db/client';
import { auditPage } from '../../db/audit/audit-list';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';
import { dhakaDay } from '../../domain/catalog/package-badges';
import { clock } from '../../runtime/clock';

const ENTRY_FIELDS = [
  'id',
  'call_id',
  'seq',
  'at',
  'actor_id',
  'actor_email',
  'ip',
  'action',
  'summary',
  'method',
  'path',
  'request',
  'changes',
  'more_changes',
] as const;

export const handler = defineAdminReadHandler(route, async (req) => {
  const { day, actor, action, cursor, limit } = req.query;
  const page = await auditPage(db(), { day: day ?? dhakaDay(clock()), actor, action }, { cursor, limit });
  return {
    items: page.items.map((item) => Object.fromEntries(ENTRY_FIELDS.map((f) => [f, item[f]]))) as never,
    cursor: page.cursor,
  };
});
