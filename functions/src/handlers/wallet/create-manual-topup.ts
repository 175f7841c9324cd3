import { createManualTopup as route } from '@khelaghor/contract/routes/wallet';
import { tableDeps, paymentView } from '../../use-cases/payments/deps';
import { createManualTopup } from '../../use-cases/wallet/topups';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(route, async (req) => {
  return {
    payment: paymentView(
      await createManualTopup(tableDeps(), { ...req.caller, sourceIp: req.sourceIp }, req.body),
    ),
  };
});
