import { clock } from '../../runtime/clock';
import { adminCreateProduct as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { createProduct } from '../../use-cases/catalog/products';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  product: await createProduct(db(), req.body, clock().toISOString()),
  message: 'Product created successfully',
}));
