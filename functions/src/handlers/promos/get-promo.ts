import { adminGetPromo as route } from '@khelaghor/contract/routes/promos';
import { db } from '../../db/client';
import { promoDetail } from '../../use-cases/promos/admin-promos';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) =>
  promoDetail(db(), req.params.code, req.query),
);
