import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { deleteAnnouncement } from '../../domain/site/site-admin';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminDeleteAnnouncement, async (req) => {
  await deleteAnnouncement(db(), req.params.id);
  return { message: 'Announcement deleted successfully' };
});
