import { routes } from '@khelaghor/contract';
import { commerceDeps, paymentView } from '../../domain/payments/deps';
import { approveManualTopup } from '../../domain/wallet/topups';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminApproveManualTopup, async (req) => {
  return { payment: paymentView(await approveManualTopup(commerceDeps(), req.params.id, req.body.note)) };
});
