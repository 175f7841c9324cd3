import { routes } from '@khelaghor/contract';
import { commerceDeps, paymentView } from '../../domain/payments/deps';
import { rejectManualTopup } from '../../domain/wallet/topups';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.adminRejectManualTopup, async (req) => {
  return { payment: paymentView(await rejectManualTopup(commerceDeps(), req.params.id, req.body.note)) };
});
