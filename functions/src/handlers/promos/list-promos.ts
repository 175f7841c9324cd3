import { adminListPromos as route } from '@khelaghor/contract/routes/promos';
import { db } from '../../db/client';
import { listPromoViews } from '../../use-cases/promos/admin-promos';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async () => ({ items: await listPromoViews(db()) }));
