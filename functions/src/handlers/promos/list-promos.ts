import { adminListPromos as route } from '@khelaghor/contract/routes/promos';
import { db } from '../../db/client';
import { listPromoViews } from '../../use-cases/promos/admin-promos';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async () => ({ items: await listPromoViews(db()) }));
