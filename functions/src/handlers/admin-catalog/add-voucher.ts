import { routes } from '@khelaghor/contract';
import { db } from '../../db/client';
import { addCode } from '../../domain/stock/add-code';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminAddVoucher, async (req) => ({
  voucher: await addCode(db(), {
    variantId: req.body.variant_id,
    code: req.body.code,
    now: new Date().toISOString(),
  }),
  message: 'Voucher code added successfully',
}));
