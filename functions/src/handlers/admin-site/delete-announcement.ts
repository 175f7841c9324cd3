import { adminDeleteAnnouncement as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { deleteAnnouncement } from '../../use-cases/site/site-admin';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  await deleteAnnouncement(db(), req.params.id);
  return { message: 'Announcement deleted successfully' };
});
