import { clock } from '../../runtime/clock';
import { adminCreateSeo as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { createSeo } from '../../use-cases/site/site-admin';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  seo: await createSeo(db(), req.body, clock().toISOString()),
  message: 'SEO settings created successfully',
}));
