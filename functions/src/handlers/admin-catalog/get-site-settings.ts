import { adminCatalogRoutes } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { getSiteSettings } from '../../use-cases/site/site-admin';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCatalogRoutes.adminGetSiteSettings, async () => ({
  settings: await getSiteSettings(db()),
}));
