import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { listSlides } from '../../domain/site/site-admin';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminListSlides, async () => listSlides(db()));
