import { getCatalog as route } from '@khelaghor/contract/routes/catalog';
import { db } from '../../db/client';
import { getCatalog } from '../../use-cases/catalog/catalog-view';
import { defineHandler } from '../../kit/handler';
import { cached } from '../../kit/short-cache';

export const handler = defineHandler(route, async () => cached('catalog', () => getCatalog(db())));
