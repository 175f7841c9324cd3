import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { deleteSlide } from '../../domain/site/site-admin';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminDeleteSlide, async (req) => {
  await deleteSlide(db(), req.params.id);
  return { message: 'Slider deleted successfully' };
});
