import { clock } from '../../runtime/clock';
import { adminCatalogRoutes } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { createProduct } from '../../use-cases/catalog/products';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCatalogRoutes.adminCreateProduct, async (req) => ({
  product: await createProduct(db(), req.body, clock().toISOString()),
  message: 'Product created successfully',
}));
