import { adminApproveManualTopup as route } from '@khelaghor/contract/routes/admin-commerce';
import { tableDeps, paymentView } from '../../use-cases/payments/deps';
import { approveManualTopup } from '../../use-cases/wallet/topups';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  return {
    payment: paymentView(
      await approveManualTopup(tableDeps(), req.params.id, req.body.note, req.caller.userId),
    ),
  };
});
