import { adminGetSiteSettings as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { getSiteSettings } from '../../use-cases/site/site-admin';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async () => ({
  settings: await getSiteSettings(db()),
}));
