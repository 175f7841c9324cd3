import { getOrder, type OrderItem } from '../../db/orders/order-items';
import { cancellationReasons, transact, WriteRefused } from '../../db/transact';
import { conflict, notFound } from '../../domain/refusals';
import type { ConfirmDeps } from '../payments/confirm-invoice';
import { failOrderWrites, settleVerified } from '../payments/settle-payment';
import { paymentStatusWrite, getPayment } from '../../db/payments/payment-items';

const NOT_CANCELLABLE = 'Only unpaid orders can be cancelled';
const ALREADY_PAID = 'This order has already been paid, so it cannot be cancelled';

/**
 * A buyer cancels their own unpaid gateway order (DESIGN 11): payment failed, order failed
 * 'cancelled', the held code back on the shelf and the unpaid slot freed, in one transaction.
 * The gateway is asked first, so an order paid a moment ago is settled instead of cancelled; if
 * the gateway cannot answer, the cancel goes ahead and a payment that still lands is settled as a
 * late payment (another code, or the money to the wallet).
 */
export async function cancelOrder(deps: ConfirmDeps, userId: string, orderId: string): Promise<OrderItem> {
  const { db } = deps;
  const order = await getOrder(db, orderId);
  if (!order || order.user_id !== userId) throw notFound('Order not found');
  const payment = order.payment_id ? await getPayment(db, order.payment_id) : undefined;
  if (order.status !== 'pending' || payment?.status !== 'pending' || payment.kind !== 'order')
    throw conflict(NOT_CANCELLABLE);

  const invoice = payment.invoice_hint ?? payment.invoice_id;
  const verified = invoice
    ? await (await deps.gateway()).verifyPayment(invoice).catch(() => undefined)
    : undefined;
  if (verified?.status === 'COMPLETED') {
    await settleVerified(deps, payment.id, verified);
    throw conflict(ALREADY_PAID);
  }

  const now = deps.now().toISOString();
  const writes = [
    paymentStatusWrite(db.table, payment, 'failed', ['pending'], now, { failure_reason: 'cancelled' }),
    ...(await failOrderWrites(db, order.id, 'cancelled', now)),
  ];
  try {
    await transact(db, writes);
  } catch (error) {
    if (!(error instanceof WriteRefused) && !cancellationReasons(error)) throw error;
    throw conflict(NOT_CANCELLABLE); // settled or expired a moment ago
  }
  return (await getOrder(db, order.id))!;
}
