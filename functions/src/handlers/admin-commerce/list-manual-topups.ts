import { adminListManualTopups as route } from '@khelaghor/contract/routes/admin-commerce';
import { db } from '../../db/client';
import { manualTopupQueue } from '../../use-cases/wallet/manual-queue';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async (req) => manualTopupQueue(db(), req.query));
