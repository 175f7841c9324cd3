import { clock } from '../../runtime/clock';
import { adminDeleteVoucher as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { deleteCode } from '../../db/stock/delete-code';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  await deleteCode(db(), {
    variantId: req.params.variant_id,
    id: req.params.id,
    now: clock().toISOString(),
  });
  return { message: 'Voucher code deleted successfully' };
});
