import { clock } from '../../runtime/clock';
import { adminCatalogRoutes } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { createAnnouncement } from '../../use-cases/site/site-admin';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(adminCatalogRoutes.adminCreateAnnouncement, async (req) => ({
  announcement: await createAnnouncement(db(), req.body, clock().toISOString()),
  message: 'Announcement created successfully',
}));
