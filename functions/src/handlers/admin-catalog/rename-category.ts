import { clock } from '../../runtime/clock';
import { adminRenameCategory as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { renameCategory } from '../../use-cases/catalog/categories';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  updated: await renameCategory(db(), req.params.name, req.body.name, clock().toISOString()),
  message: 'Category updated successfully',
}));
