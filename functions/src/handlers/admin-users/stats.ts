import { adminUsersRoutes } from '@khelaghor/contract/routes/admin-users';
import { db } from '../../db/client';
import { adminStats } from '../../domain/users/stats';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminUsersRoutes.adminStats, async () => adminStats(db(), new Date()));
