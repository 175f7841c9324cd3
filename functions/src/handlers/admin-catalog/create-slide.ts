import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { createSlide } from '../../domain/site/site-admin';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminCreateSlide, async (req) => ({
  slide: await createSlide(db(), req.body, new Date().toISOString()),
  message: 'Slider created successfully',
}));
