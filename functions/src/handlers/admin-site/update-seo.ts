import { clock } from '../../runtime/clock';
import { adminUpdateSeo as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { updateSeo } from '../../use-cases/site/site-admin';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  seo: await updateSeo(db(), req.params.id, req.body, clock().toISOString()),
  message: 'SEO settings updated successfully',
}));
