import { walletRoutes } from '@khelaghor/contract/routes/wallet';
import { commerceDeps, paymentView } from '../../use-cases/payments/deps';
import { createManualTopup } from '../../use-cases/wallet/topups';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(walletRoutes.createManualTopup, async (req) => {
  return { payment: paymentView(await createManualTopup(commerceDeps(), req.caller, req.body)) };
});
