import { adminListAnnouncements as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { listAnnouncements } from '../../use-cases/site/site-admin';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async () => listAnnouncements(db()));
