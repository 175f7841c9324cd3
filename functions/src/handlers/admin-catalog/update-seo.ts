import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { updateSeo } from '../../domain/site/site-admin';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminUpdateSeo, async (req) => ({
  seo: await updateSeo(db(), req.params.id, req.body, new Date().toISOString()),
  message: 'SEO settings updated successfully',
}));
