import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { getSiteSettings } from '../../domain/site/site-admin';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminGetSiteSettings, async () => ({
  settings: await getSiteSettings(db()),
}));
