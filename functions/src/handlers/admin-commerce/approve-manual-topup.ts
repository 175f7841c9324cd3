import { adminCommerceRoutes } from '@khelaghor/contract/routes/admin-commerce';
import { tableDeps, paymentView } from '../../use-cases/payments/deps';
import { approveManualTopup } from '../../use-cases/wallet/topups';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(adminCommerceRoutes.adminApproveManualTopup, async (req) => {
  return { payment: paymentView(await approveManualTopup(tableDeps(), req.params.id, req.body.note)) };
});
