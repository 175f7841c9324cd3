import { adminGetPromo as route } from '@khelaghor/contract/routes/promos';
import { db } from '../../db/client';
import { promoDetail } from '../../use-cases/promos/admin-promos';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async (req) =>
  promoDetail(db(), req.params.code, req.query),
);
