import { adminGetPlayerLookup as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { readPlayerLookup } from '../../db/players/lookup-config';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async () => readPlayerLookup(db()));
