import { clock } from '../../runtime/clock';
import { adminCreateSlide as route } from '@khelaghor/contract/routes/admin-site';
import { db } from '../../db/client';
import { createSlide } from '../../use-cases/site/site-admin';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  slide: await createSlide(db(), req.body, clock().toISOString()),
  message: 'Slider created successfully',
}));
