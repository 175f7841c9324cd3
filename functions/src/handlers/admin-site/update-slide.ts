import { clock } from '../../runtime/clock';
import { adminUpdateSlide as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { updateSlide } from '../../use-cases/site/site-admin';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  slide: await updateSlide(db(), req.params.id, req.body, clock().toISOString()),
  message: 'Slider updated successfully',
}));
