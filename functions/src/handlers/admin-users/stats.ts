import { clock } from '../../runtime/clock';
import { adminStats as route } from '@khelaghor/contract/routes/admin-users';
import { db } from '../../db/client';
import { adminStats } from '../../db/users/stats';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async () => adminStats(db(), clock()));
