import { adminCreateRefund as route } from '@khelaghor/contract/routes/admin-refunds';
import { refundCallFromConfig } from '../../clients/uddoktapay-refund';
import { refundOrder } from '../../use-cases/orders/refund-order';
import { orderRefunds, refundView } from '../../use-cases/orders/refund-view';
import { tableDeps } from '../../use-cases/payments/deps';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  const deps = tableDeps();
  const b = req.body;
  const refund = await refundOrder(
    { ...deps, refundCall: () => refundCallFromConfig(deps.db) },
    {
      orderId: req.params.id,
      requestId: b.request_id,
      amount: b.amount,
      destination: b.destination,
      reason: b.reason,
      trxId: b.trx_id,
      adminId: req.caller.userId,
    },
  );
  req.log.info('refund', {
    order: refund.order_id,
    refund: refund.id,
    state: refund.state,
    admin: req.caller.userId,
  });
  return { refund: refundView(refund), refunds: await orderRefunds(deps.db, req.params.id) };
});
