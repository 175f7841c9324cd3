import { clock } from '../../runtime/clock';
import { adminCreateAnnouncement as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { createAnnouncement } from '../../use-cases/site/site-admin';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  announcement: await createAnnouncement(db(), req.body, clock().toISOString()),
  message: 'Announcement created successfully',
}));
