import { ulid } from 'ulid';
import { indexKeys, keys } from '../keys';

import type { VerifiedAnswer as VerifiedPayment } from '../../domain/payments/settlement';
import { putPaymentWrite, type PaymentItem } from './payment-items';
import { write, type Write } from '../transact';
import { UNEXPECTED_NOTES, type UnexpectedReason } from '@khelaghor/contract/facts';
import type { BalanceChange } from '../wallet/balance';

/**
 * Money the shop did not expect (DESIGN 11): a paid invoice other than the one the shop created for
 * a payment, what an invoice brought above the price, or a payment that came after its order could
 * no longer be served. It becomes a payment of its own (kind `unexpected`, with its reason), credited
 * to the payer's wallet (ledger reason `unexpected_payment`) in the same transaction, and is recorded
 * once per invoice and part through a claim item written with `attribute_not_exists`.
 */
export interface UnexpectedInput {
  /** The payment the invoice names (its owner is the payer). */
  payment: Pick<PaymentItem, 'id' | 'user_id' | 'user_email' | 'order_id'>;
  verified: VerifiedPayment;
  part: 'PAID' | 'EXCESS';
  amount: number;
  reason: UnexpectedReason;
  now: string;
}

/** The claim, the payment record and the wallet credit it needs (to compose with other writes). */
export function unexpectedPayment(
  table: string,
  input: UnexpectedInput,
): { writes: Write[]; credit: BalanceChange } {
  const { payment, verified: v, now } = input;
  const record: PaymentItem = {
    type: 'payment',
    id: ulid(),
    kind: 'unexpected',
    reason: input.reason,
    note: UNEXPECTED_NOTES[input.reason],
    ...(payment.order_id && { order_id: payment.order_id }),
    user_id: payment.user_id,
    ...(payment.user_email && { user_email: payment.user_email }),
    amount: input.amount,
    paid_amount: v.amount,
    payment_method: v.paymentMethod ?? 'gateway',
    payment_provider: 'uddoktapay',
    status: 'completed',
    invoice_id: v.invoiceId,
    ...(v.transactionId && { transaction_id: v.transactionId }),
    ...(v.senderNumber && { sender_number: v.senderNumber }),
    created_at: now,
    updated_at: now,
  };
  const put = putPaymentWrite(table, record);
  // A whole unexpected invoice can be found by its id like any settled payment.
  if (input.part === 'PAID')
    Object.assign(put.item.Put!.Item!, { gsi1pk: indexKeys.invoice(v.invoiceId), gsi1sk: 'UNEXPECTED' });
  return {
    writes: [
      write('invoice_claim', {
        Put: {
          TableName: table,
          Item: {
            ...keys.invoiceClaim(v.invoiceId, input.part),
            type: 'invoice_claim',
            payment_id: record.id,
            names_payment: payment.id,
            created_at: now,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      }),
      put,
    ],
    credit: {
      userId: payment.user_id,
      delta: input.amount,
      reason: 'unexpected_payment',
      reference: record.id,
      note: UNEXPECTED_NOTES[input.reason],
      now,
    },
  };
}
