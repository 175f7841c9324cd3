import { clock } from '../../runtime/clock';
import { adminAddVoucher as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { addCode } from '../../use-cases/stock/add-code';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => ({
  voucher: await addCode(db(), {
    variantId: req.body.variant_id,
    code: req.body.code,
    now: clock().toISOString(),
  }),
  message: 'Voucher code added successfully',
}));
