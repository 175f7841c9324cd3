import { adminWalletAdjustment as route } from '@khelaghor/contract/routes/admin-commerce';
import { tableDeps, paymentView } from '../../use-cases/payments/deps';
import { adjustWallet } from '../../use-cases/wallet/adjustments';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  const b = req.body;
  const { payment, balance } = await adjustWallet(tableDeps(), {
    userId: b.user_id,
    delta: b.type === 'credit' ? b.amount : -b.amount,
    kind: 'adjustment',
    paymentMethod: b.payment_method,
    provider: b.payment_method === 'uddoktapay' ? 'uddoktapay' : 'admin',
    note: b.note,
    adminId: req.caller.userId,
  });
  return { payment: paymentView(payment), balance, message: 'Wallet updated successfully' };
});
