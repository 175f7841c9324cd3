import { adminListAudit as route } from '@khelaghor/contract/routes/admin-audit';
import { db } from '../../db/client';
import { auditPage } from '../../db/audit/audit-list';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';
import { dhakaDay } from '@khelaghor/contract/dhaka-day';
import { clock } from '../../runtime/clock';

export const handler = defineAdminReadHandler(route, async (req) => {
  const { day, actor, action, cursor, limit } = req.query;
  const page = await auditPage(db(), { day: day ?? dhakaDay(clock()), actor, action }, { cursor, limit });
  // The contract's entry shape leaves the item's keys and internals (pk, sk, request_id) out.
  return route.response.parse({ items: page.items, cursor: page.cursor });
});
