import { clock } from '../../runtime/clock';
import { health as route } from '@khelaghor/contract/routes/system';
import { db } from '../../db/client';
import { pingTable } from '../../db/health';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(route, async () => {
  await pingTable(db());
  return { ok: true, time: clock().toISOString() };
});
