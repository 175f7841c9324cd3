import { clock } from '../../runtime/clock';
import { adminUsersRoutes } from '@khelaghor/contract/routes/admin-users';
import { db } from '../../db/client';
import { adminStats } from '../../db/users/stats';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminUsersRoutes.adminStats, async () => adminStats(db(), clock()));
