import { clock } from '../../runtime/clock';
import { adminCatalogRoutes } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { createAnnouncement } from '../../use-cases/site/site-admin';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCatalogRoutes.adminCreateAnnouncement, async (req) => ({
  announcement: await createAnnouncement(db(), req.body, clock().toISOString()),
  message: 'Announcement created successfully',
}));
