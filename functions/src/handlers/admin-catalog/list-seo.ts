import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { listSeo } from '../../domain/site/site-admin';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminListSeo, async () => listSeo(db()));
