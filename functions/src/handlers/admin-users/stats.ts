import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { adminStats } from '../../domain/users/stats';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminStats, async () => adminStats(db(), new Date()));
