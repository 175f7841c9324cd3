import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { listCategories } from '../../domain/catalog/categories';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminListCategories, async () => listCategories(db()));
