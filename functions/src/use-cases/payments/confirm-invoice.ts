import type { Db } from '../../db/client';
import { getOrder } from '../../db/orders/order-items';
import { getPayment, type PaymentItem } from '../../db/payments/payment-items';
import { notFound } from '../../domain/refusals';
import type { GatewayClient } from '../../clients/uddoktapay';
import { settleVerified, type SettleOutcome } from './settle-payment';

export interface ConfirmDeps {
  db: Db;
  now: () => Date;
  gateway: () => Promise<GatewayClient>;
}

/**
 * Webhook and return page alike: ask the gateway about the invoice (the only source we trust),
 * find the payment it names from the metadata we gave the gateway, and settle it (or record the
 * money as unexpected when the invoice is not that payment's own). `ownerId` restricts the
 * return page to the payment's owner. An invoice the gateway or the shop does not know is a 404.
 */
export async function confirmInvoice(
  deps: ConfirmDeps,
  invoiceId: string,
  ownerId?: string,
): Promise<{ outcome: SettleOutcome; settled: () => Promise<PaymentItem> }> {
  const gateway = await deps.gateway();
  const verified = await gateway.verifyPayment(invoiceId);
  const paymentId = verified.metadata.payment_id;
  const orderId = verified.metadata.order_id;
  // A paid order's order is read beside its payment (one round trip instead of two on the path
  // that delivers the code); settleVerified uses it only when it is the payment's own order.
  const [payment, order] = await Promise.all([
    typeof paymentId === 'string' && paymentId ? getPayment(deps.db, paymentId) : undefined,
    verified.status === 'COMPLETED' && typeof orderId === 'string' && orderId
      ? getOrder(deps.db, orderId)
      : undefined,
  ]);
  if (!payment || (ownerId !== undefined && payment.user_id !== ownerId)) throw notFound('Payment not found');
  const outcome = await settleVerified(deps, payment, verified, order);
  // The settled payment is read again only by who shows it (the return page, not the webhook).
  return { outcome, settled: async () => (await getPayment(deps.db, payment.id)) ?? payment };
}
