import { clock } from '../../runtime/clock';
import { adminCatalogRoutes } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { updateVariant } from '../../use-cases/catalog/variants';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCatalogRoutes.adminUpdateVariant, async (req) => ({
  variant: await updateVariant(db(), req.params.id, req.body, clock().toISOString()),
  message: 'Variant updated successfully',
}));
