import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { removeCategory } from '../../domain/catalog/categories';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminRemoveCategory, async (req) => ({
  updated: await removeCategory(db(), req.params.name, new Date().toISOString()),
  message: 'Category removed successfully',
}));
