import { clock } from '../../runtime/clock';
import { getSite as route } from '@khelaghor/contract/routes/catalog';
import { db } from '../../db/client';
import { getSite } from '../../use-cases/site/site-view';
import { defineHandler } from '../../kit/handler';
import { cached } from '../../kit/short-cache';

export const handler = defineHandler(route, async () => cached('site', () => getSite(db(), clock())));
