import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { renameCategory } from '../../domain/catalog/categories';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminRenameCategory, async (req) => ({
  updated: await renameCategory(db(), req.params.name, req.body.name, new Date().toISOString()),
  message: 'Category updated successfully',
}));
