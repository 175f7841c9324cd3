import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { createSeo } from '../../domain/site/site-admin';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminCreateSeo, async (req) => ({
  seo: await createSeo(db(), req.body, new Date().toISOString()),
  message: 'SEO settings created successfully',
}));
