import { adminCommerceRoutes } from '@khelaghor/contract/routes/admin-commerce';
import { commerceDeps, paymentView } from '../../domain/payments/deps';
import { rejectManualTopup } from '../../domain/wallet/topups';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCommerceRoutes.adminRejectManualTopup, async (req) => {
  return { payment: paymentView(await rejectManualTopup(commerceDeps(), req.params.id, req.body.note)) };
});
