import { adminCatalogRoutes } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { deleteProduct } from '../../domain/catalog/products';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCatalogRoutes.adminDeleteProduct, async (req) => {
  await deleteProduct(db(), req.params.id, new Date().toISOString());
  return { message: 'Product deleted successfully' };
});
