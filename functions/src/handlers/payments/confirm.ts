import { confirmPayment as route } from '@khelaghor/contract/routes/payments';
import { readBalance } from '../../db/wallet/balance';
import { defineHandler } from '../../kit/handler';
import { orderView } from '../../use-cases/orders/order-view';
import { readOwnOrder } from '../../use-cases/orders/read-own-order';
import { confirmInvoice } from '../../use-cases/payments/confirm-invoice';
import { fulfilmentDeps, paymentView } from '../../use-cases/payments/deps';

/** The return page's confirmation: same verification and settlement as the webhook, owner only. */
export const handler = defineHandler(route, async (req) => {
  const deps = fulfilmentDeps();
  const userId = req.caller.userId;
  const payment = await (await confirmInvoice(deps, req.body.invoice_id, userId)).settled();
  const own = payment.order_id
    ? await readOwnOrder(deps.db, payment.order_id, userId, { payment })
    : undefined;
  return {
    payment: paymentView(payment),
    order: own ? orderView(own.order, own) : null,
    balance: payment.kind === 'topup' ? ((await readBalance(deps.db, userId)) ?? 0) : null,
  };
});
