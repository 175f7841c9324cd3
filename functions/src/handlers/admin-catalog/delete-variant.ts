import { adminCatalogRoutes } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { deleteVariant } from '../../domain/catalog/variants';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCatalogRoutes.adminDeleteVariant, async (req) => {
  await deleteVariant(db(), req.params.id, new Date().toISOString());
  return { message: 'Variant deleted successfully' };
});
