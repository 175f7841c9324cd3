import { clock } from '../../runtime/clock';
import { adminPutSiteSettings as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { putSiteSettings } from '../../use-cases/site/site-admin';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  settings: await putSiteSettings(db(), req.body, clock().toISOString()),
  message: 'Site settings saved successfully',
}));
