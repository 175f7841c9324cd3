import { adminWalletAdjustment as route } from '@khelaghor/contract/routes/admin-commerce';
import { tableDeps, paymentView } from '../../use-cases/payments/deps';
import { adjustWallet } from '../../use-cases/wallet/adjustments';
import { defineAdminHandler } from '../../kit/admin-handler';
import { badRequest } from '../../domain/refusals';

export const handler = defineAdminHandler(route, async (req) => {
  const b = req.body;
  const key = req.headers['idempotency-key']?.trim();
  if (key !== undefined && (key.length > 128 || !/^[\w.:-]+$/.test(key)))
    throw badRequest('Idempotency-Key must be 1-128 letters, digits or -_.:');
  const { payment, balance } = await adjustWallet(tableDeps(), {
    userId: b.user_id,
    delta: b.type === 'credit' ? b.amount : -b.amount,
    kind: 'adjustment',
    paymentMethod: b.payment_method,
    provider: b.payment_method === 'uddoktapay' ? 'uddoktapay' : 'admin',
    note: b.note,
    adminId: req.caller.userId,
    requestKey: key || undefined,
  });
  return { payment: paymentView(payment), balance, message: 'Wallet updated successfully' };
});
