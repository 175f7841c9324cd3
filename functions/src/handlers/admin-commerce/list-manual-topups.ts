import { adminListManualTopups as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { manualTopupQueue } from '../../use-cases/wallet/manual-queue';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => manualTopupQueue(db(), req.query));
