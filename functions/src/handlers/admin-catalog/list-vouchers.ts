import { adminCatalogRoutes } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { listCodes } from '../../db/stock/list-codes';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCatalogRoutes.adminListVouchers, async (req) =>
  listCodes(db(), req.query),
);
