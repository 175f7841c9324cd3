import { ordersRoutes } from '@khelaghor/contract/routes/orders';
import { commerceDeps, paymentView } from '../../domain/payments/deps';
import { createTopup } from '../../domain/wallet/topups';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(ordersRoutes.createTopup, async (req) => {
  const { payment, paymentUrl } = await createTopup(commerceDeps(), req.caller, req.body);
  return { payment: paymentView(payment), payment_url: paymentUrl };
});
