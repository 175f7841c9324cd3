import { paymentsRoutes } from '@khelaghor/contract/routes/payments';
import { getCode, getOrder } from '../../db/commerce-repo';
import { orderView } from '../../use-cases/orders/order-view';
import { confirmInvoice } from '../../use-cases/payments/confirm-invoice';
import { commerceDeps, paymentView } from '../../use-cases/payments/deps';
import { readBalance } from '../../db/wallet/balance';
import { defineHandler } from '../../kit/handler';

/** The return page's confirmation: same verification and settlement as the webhook, owner only. */
export const handler = defineHandler(paymentsRoutes.confirmPayment, async (req) => {
  const deps = commerceDeps();
  const { payment } = await confirmInvoice(deps, req.body.invoice_id, req.caller.userId);
  const order = payment.order_id ? await getOrder(deps.db, payment.order_id) : undefined;
  let code: string | null = null;
  if (order?.status === 'completed' && order.code_id) {
    code = (await getCode(deps.db, order.product_variant_id, order.code_id))?.code ?? null;
  }
  return {
    payment: paymentView(payment),
    order: order ? orderView(order, { payment, code }) : null,
    balance: payment.kind === 'topup' ? ((await readBalance(deps.db, req.caller.userId)) ?? 0) : null,
  };
});
