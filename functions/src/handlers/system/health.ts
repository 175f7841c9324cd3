import { clock } from '../../runtime/clock';
import { systemRoutes } from '@khelaghor/contract/routes/system';
import { db } from '../../db/client';
import { pingTable } from '../../db/health';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(systemRoutes.health, async () => {
  await pingTable(db());
  return { ok: true, time: clock().toISOString() };
});
