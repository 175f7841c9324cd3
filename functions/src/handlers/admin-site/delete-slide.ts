import { adminDeleteSlide as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { deleteSlide } from '../../use-cases/site/site-admin';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  await deleteSlide(db(), req.params.id);
  return { message: 'Slider deleted successfully' };
});
