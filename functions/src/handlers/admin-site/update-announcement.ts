import { clock } from '../../runtime/clock';
import { adminUpdateAnnouncement as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { updateAnnouncement } from '../../use-cases/site/site-admin';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  announcement: await updateAnnouncement(db(), req.params.id, req.body, clock().toISOString()),
  message: 'Announcement updated successfully',
}));
