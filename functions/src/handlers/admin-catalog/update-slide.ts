import { clock } from '../../runtime/clock';
import { adminCatalogRoutes } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { updateSlide } from '../../use-cases/site/site-admin';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCatalogRoutes.adminUpdateSlide, async (req) => ({
  slide: await updateSlide(db(), req.params.id, req.body, clock().toISOString()),
  message: 'Slider updated successfully',
}));
