import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { listCodes } from '../../domain/stock/list-codes';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminListVouchers, async (req) => listCodes(db(), req.query));
