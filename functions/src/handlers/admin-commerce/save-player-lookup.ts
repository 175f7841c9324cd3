import { adminSavePlayerLookup as route } from '@khelaghor/contract/routes/admin-commerce';
import { clock } from '../../runtime/clock';
import { db } from '../../db/client';
import { writePlayerLookup } from '../../db/players/lookup-config';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  const config = await writePlayerLookup(db(), req.body.provider, clock().toISOString());
  return { config, message: 'Player lookup provider saved' };
});
