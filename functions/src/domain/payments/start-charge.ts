import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../../db/client';
import type { OrderItem, PaymentItem } from '../../db/commerce-repo';
import { getCode } from '../../db/commerce-repo';
import { keys } from '../../db/keys';
import { badGateway, HttpError } from '../../kit/errors';
import { invoiceIdFromPaymentUrl, type GatewayClient } from '../gateway/uddoktapay-client';
import type { TransactItem } from '../stock/code-item';
import { releaseCodeItems } from '../stock/code-transitions';
import { orderStatusItem, paymentStatusItem } from '../orders/order-items';

export interface ChargeDeps {
  db: Db;
  now: () => Date;
  gateway: () => Promise<GatewayClient>;
  publicUrl: string;
}

const returnUrls = (publicUrl: string) => {
  const origin = publicUrl.replace(/\/+$/, '');
  // The gateway appends ?invoice_id=...; the return pages call POST /api/payments/confirm with it.
  return { redirectUrl: `${origin}/payment-success`, cancelUrl: `${origin}/payment-failed` };
};

/** Store the checkout URL on the payment (only while it is pending). */
async function storePaymentUrl(db: Db, payment: PaymentItem, url: string, now: string): Promise<void> {
  const hint = invoiceIdFromPaymentUrl(url);
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.payment(payment.id),
      UpdateExpression: `SET payment_url = :url, updated_at = :now${hint ? ', invoice_hint = :hint' : ''}`,
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':url': url, ':now': now, ':pending': 'pending', ...(hint && { ':hint': hint }) },
    }),
  );
}

/**
 * Ask the gateway for a charge of an order already written with its code held. No URL (or a
 * gateway error) fails the order and releases the hold at once, then answers 502.
 */
export async function startOrderCharge(deps: ChargeDeps, order: OrderItem, payment: PaymentItem) {
  let paymentUrl: string;
  try {
    const gateway = await deps.gateway();
    ({ paymentUrl } = await gateway.createCharge({
      fullName: order.user_name || 'Customer',
      email: order.user_email || 'customer@example.com',
      amount: payment.amount,
      metadata: { order_id: order.id, payment_id: payment.id, kind: 'order' },
      ...returnUrls(deps.publicUrl),
    }));
  } catch (error) {
    await failUnchargedOrder(deps, order, payment, 'gateway_error');
    if (error instanceof HttpError) throw error;
    throw badGateway('Payment URL not received');
  }
  const now = deps.now().toISOString();
  await storePaymentUrl(deps.db, payment, paymentUrl, now);
  return {
    order,
    payment: { ...payment, payment_url: paymentUrl },
    paymentUrl,
    balance: null,
  };
}

/** Order failed, payment failed, reserved code back on the shelf: one transaction. */
export async function failUnchargedOrder(deps: { db: Db; now: () => Date }, order: OrderItem, payment: PaymentItem, reason: string) {
  const { db } = deps;
  const now = deps.now().toISOString();
  const items: TransactItem[] = [
    paymentStatusItem(db.table, payment, 'failed', ['pending'], now),
    orderStatusItem(db.table, order, 'failed', ['pending'], now, { failure_reason: reason }),
  ];
  const code = order.code_id ? await getCode(db, order.product_variant_id, order.code_id) : undefined;
  if (code && code.status === 'reserved' && code.order_id === order.id) {
    items.push(...releaseCodeItems({ variant_id: code.variant_id, product_id: code.product_id, id: code.id, order_id: order.id }, now, db.table));
  }
  await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
}

/** A gateway top-up: a pending payment (already written) and its charge. */
export async function startTopupCharge(deps: ChargeDeps, payment: PaymentItem, customer: { name: string; email: string }) {
  let paymentUrl: string;
  try {
    const gateway = await deps.gateway();
    ({ paymentUrl } = await gateway.createCharge({
      fullName: customer.name || 'Customer',
      email: customer.email || 'customer@example.com',
      amount: payment.amount,
      metadata: { payment_id: payment.id, kind: 'topup' },
      ...returnUrls(deps.publicUrl),
    }));
  } catch (error) {
    const now = deps.now().toISOString();
    await deps.db.doc.send(
      new TransactWriteCommand({ TransactItems: [paymentStatusItem(deps.db.table, payment, 'failed', ['pending'], now)] }),
    );
    if (error instanceof HttpError) throw error;
    throw badGateway('Payment URL not received');
  }
  await storePaymentUrl(deps.db, payment, paymentUrl, deps.now().toISOString());
  return { payment: { ...payment, payment_url: paymentUrl }, paymentUrl };
}
