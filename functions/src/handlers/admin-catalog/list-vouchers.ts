import { adminListVouchers as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { listCodes } from '../../db/stock/list-codes';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';

export const handler = defineAdminReadHandler(route, async (req) => listCodes(db(), req.query));
