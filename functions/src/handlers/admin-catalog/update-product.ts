import { clock } from '../../runtime/clock';
import { adminUpdateProduct as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { updateProduct } from '../../use-cases/catalog/products';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  product: await updateProduct(db(), req.params.id, req.body, clock().toISOString()),
  message: 'Product updated successfully',
}));
