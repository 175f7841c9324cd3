import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { putSiteSettings } from '../../domain/site/site-admin';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminPutSiteSettings, async (req) => ({
  settings: await putSiteSettings(db(), req.body, new Date().toISOString()),
  message: 'Site settings saved successfully',
}));
