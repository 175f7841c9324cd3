import { clock } from '../../runtime/clock';
import { adminCatalogRoutes } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { renameCategory } from '../../use-cases/catalog/categories';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCatalogRoutes.adminRenameCategory, async (req) => ({
  updated: await renameCategory(db(), req.params.name, req.body.name, clock().toISOString()),
  message: 'Category updated successfully',
}));
