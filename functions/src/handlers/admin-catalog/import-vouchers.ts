import { clock } from '../../runtime/clock';
import { adminImportVouchers as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { importCodes } from '../../use-cases/stock/import-codes';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) =>
  importCodes(db(), { variantId: req.body.variant_id, codes: req.body.codes, now: clock().toISOString() }),
);
