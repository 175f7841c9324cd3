import { clock } from '../../runtime/clock';
import { adminSetCategoryBangla as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { setCategoryNameBn } from '../../use-cases/catalog/categories';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  category: await setCategoryNameBn(db(), req.params.name, req.body.name_bn ?? null, clock().toISOString()),
  message: 'Category updated successfully',
}));
