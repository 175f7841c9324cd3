import { adminDeleteSeo as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { deleteSeo } from '../../use-cases/site/site-admin';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  await deleteSeo(db(), req.params.id);
  return { message: 'SEO settings deleted successfully' };
});
