import { clock } from '../../runtime/clock';
import { adminRemoveCategory as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { removeCategory } from '../../use-cases/catalog/categories';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  updated: await removeCategory(db(), req.params.name, clock().toISOString()),
  message: 'Category removed successfully',
}));
