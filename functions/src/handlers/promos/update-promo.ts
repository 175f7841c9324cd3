import { adminUpdatePromo as route } from '@khelaghor/contract/routes/promos';
import { db } from '../../db/client';
import { clock } from '../../runtime/clock';
import { updatePromo } from '../../use-cases/promos/admin-promos';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  promo: await updatePromo(db(), req.params.code, req.body, clock().toISOString()),
  message: 'Promo code updated',
}));
