import { adminConfirmRefund as route } from '@khelaghor/contract/routes/admin-refunds';
import { confirmRefund } from '../../use-cases/orders/refund-order';
import { orderRefunds, refundView } from '../../use-cases/orders/refund-view';
import { tableDeps } from '../../use-cases/payments/deps';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  const deps = tableDeps();
  const refund = await confirmRefund(deps, {
    orderId: req.params.id,
    refundId: req.params.refundId,
    outcome: req.body.outcome,
    note: req.body.note,
    adminId: req.caller.userId,
  });
  req.log.info('refund confirmed', { order: refund.order_id, refund: refund.id, state: refund.state });
  return { refund: refundView(refund), refunds: await orderRefunds(deps.db, req.params.id) };
});
