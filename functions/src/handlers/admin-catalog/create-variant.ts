import { clock } from '../../runtime/clock';
import { adminCreateVariant as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { createVariant } from '../../use-cases/catalog/variants';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  variant: await createVariant(db(), req.body, clock().toISOString()),
  message: 'Variant created successfully',
}));
