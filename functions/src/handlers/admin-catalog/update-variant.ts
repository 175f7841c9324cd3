import { clock } from '../../runtime/clock';
import { adminUpdateVariant as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { updateVariant } from '../../use-cases/catalog/variants';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  variant: await updateVariant(db(), req.params.id, req.body, clock().toISOString()),
  message: 'Variant updated successfully',
}));
