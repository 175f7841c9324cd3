import { adminDemoTopup as route } from '@khelaghor/contract/routes/admin-commerce';
import { tableDeps, paymentView } from '../../use-cases/payments/deps';
import { adjustWallet, DEMO_TOPUP_AMOUNT } from '../../use-cases/wallet/adjustments';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  const { payment, balance } = await adjustWallet(tableDeps(), {
    userId: req.params.id,
    delta: DEMO_TOPUP_AMOUNT,
    kind: 'demo_topup',
    paymentMethod: 'uddoktapay',
    provider: 'uddoktapay',
    note: 'Demo gateway top-up',
    adminId: req.caller.userId,
  });
  return { payment: paymentView(payment), balance, message: 'Payment successful' };
});
