import { clock } from '../../runtime/clock';
import { adminCatalogRoutes } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { updateSeo } from '../../use-cases/site/site-admin';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCatalogRoutes.adminUpdateSeo, async (req) => ({
  seo: await updateSeo(db(), req.params.id, req.body, clock().toISOString()),
  message: 'SEO settings updated successfully',
}));
