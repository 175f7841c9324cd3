import { createTopup as route } from '@khelaghor/contract/routes/wallet';
import { commerceDeps, paymentView } from '../../use-cases/payments/deps';
import { createTopup } from '../../use-cases/wallet/topups';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(route, async (req) => {
  const { payment, paymentUrl } = await createTopup(commerceDeps(), req.caller, req.body);
  return { payment: paymentView(payment), payment_url: paymentUrl };
});
