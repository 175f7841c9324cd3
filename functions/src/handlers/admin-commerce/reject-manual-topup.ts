import { adminCommerceRoutes } from '@khelaghor/contract/routes/admin-commerce';
import { tableDeps, paymentView } from '../../use-cases/payments/deps';
import { rejectManualTopup } from '../../use-cases/wallet/topups';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCommerceRoutes.adminRejectManualTopup, async (req) => {
  return { payment: paymentView(await rejectManualTopup(tableDeps(), req.params.id, req.body.note)) };
});
