import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { getCatalog } from '../../domain/catalog/catalog-view';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.getCatalog, async () => getCatalog(db()));
