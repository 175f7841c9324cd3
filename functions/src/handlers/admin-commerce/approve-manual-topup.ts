import { adminCommerceRoutes } from '@khelaghor/contract/routes/admin-commerce';
import { tableDeps, paymentView } from '../../use-cases/payments/deps';
import { approveManualTopup } from '../../use-cases/wallet/topups';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(adminCommerceRoutes.adminApproveManualTopup, async (req) => {
  return { payment: paymentView(await approveManualTopup(tableDeps(), req.params.id, req.body.note)) };
});
