import { clock } from '../../runtime/clock';
import { adminStats as route } from '@khelaghor/contract/routes/admin-users';
import { db } from '../../db/client';
import { adminStats } from '../../db/users/stats';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async () => adminStats(db(), clock()));
