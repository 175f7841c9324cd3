import { adminCatalogRoutes } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { listCategories } from '../../use-cases/catalog/categories';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCatalogRoutes.adminListCategories, async () =>
  listCategories(db()),
);
