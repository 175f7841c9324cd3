import { adminListVouchers as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { listCodes } from '../../db/stock/list-codes';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => listCodes(db(), req.query));
