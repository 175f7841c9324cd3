import { adminGetPlayerLookup as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { readPlayerLookup } from '../../db/players/lookup-config';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async () => readPlayerLookup(db()));
