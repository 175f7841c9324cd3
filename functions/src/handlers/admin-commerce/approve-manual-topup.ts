import { adminCommerceRoutes } from '@khelaghor/contract/routes/admin-commerce';
import { commerceDeps, paymentView } from '../../domain/payments/deps';
import { approveManualTopup } from '../../domain/wallet/topups';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCommerceRoutes.adminApproveManualTopup, async (req) => {
  return { payment: paymentView(await approveManualTopup(commerceDeps(), req.params.id, req.body.note)) };
});
