import { ordersRoutes } from '@khelaghor/contract/routes/orders';
import { commerceDeps, paymentView } from '../../domain/payments/deps';
import { createManualTopup } from '../../domain/wallet/topups';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(ordersRoutes.createManualTopup, async (req) => {
  return { payment: paymentView(await createManualTopup(commerceDeps(), req.caller, req.body)) };
});
