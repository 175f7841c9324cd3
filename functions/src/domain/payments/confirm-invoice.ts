import type { Db } from '../../db/client';
import { getPayment, type PaymentItem } from '../../db/commerce-repo';
import { badRequest, notFound } from '../../kit/errors';
import type { GatewayClient } from '../gateway/uddoktapay-client';
import { settleVerified, type SettleOutcome } from './settle-payment';

export interface ConfirmDeps {
  db: Db;
  now: () => Date;
  gateway: () => Promise<GatewayClient>;
}

/**
 * Webhook and return page alike: ask the gateway about the invoice (the only source we trust),
 * find our payment from the metadata we gave the gateway, and settle it. `ownerId` restricts the
 * return page to the payment's owner.
 */
export async function confirmInvoice(
  deps: ConfirmDeps,
  invoiceId: string,
  ownerId?: string,
): Promise<{ outcome: SettleOutcome; payment: PaymentItem }> {
  const gateway = await deps.gateway();
  const verified = await gateway.verifyPayment(invoiceId);
  const paymentId = verified.metadata.payment_id;
  if (typeof paymentId !== 'string' || !paymentId) throw badRequest('This invoice does not belong to the shop');
  const payment = await getPayment(deps.db, paymentId);
  if (!payment || (ownerId !== undefined && payment.user_id !== ownerId)) throw notFound('Payment not found');
  const outcome = await settleVerified(deps, payment.id, verified);
  return { outcome, payment: (await getPayment(deps.db, payment.id)) ?? payment };
}
