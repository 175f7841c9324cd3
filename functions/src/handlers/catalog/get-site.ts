import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { getSite } from '../../domain/site/site-view';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.getSite, async () => getSite(db(), new Date()));
