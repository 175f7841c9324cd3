import { ulid } from 'ulid';
import { indexKeys, keys } from '../../db/keys';
import type { PaymentItem } from '../../db/commerce-repo';
import type { VerifiedPayment } from '../../clients/uddoktapay';
import { putPaymentItem } from '../../db/orders/order-items';
import type { TransactItem } from '../../db/transact';
import type { BalanceChange } from '../../db/wallet/balance';

/**
 * Money the shop did not expect (DESIGN 11): a paid invoice other than the one the shop created for
 * a payment, what an invoice brought above the price, or a payment that came after its order could
 * no longer be served. It becomes a payment of its own (kind `unexpected`, with its reason), credited
 * to the payer's wallet (ledger reason `unexpected_payment`) in the same transaction, and is recorded
 * once per invoice and part through a claim item written with `attribute_not_exists`.
 */
export type UnexpectedReason = 'second_invoice' | 'overpayment' | 'late_payment' | 'mismatch';

export const UNEXPECTED_NOTES: Record<UnexpectedReason, string> = {
  second_invoice: 'A second invoice was paid for a payment that already had one: credited to the wallet',
  overpayment: 'The invoice paid more than the price: the difference is credited to the wallet',
  late_payment: 'Paid after the code hold ended and no code was left: credited to the wallet',
  mismatch:
    'A paid invoice whose amount or details do not match the payment it names: credited to the wallet',
};

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
): { items: TransactItem[]; credit: BalanceChange } {
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
  const put = putPaymentItem(table, record);
  // A whole unexpected invoice can be found by its id like any settled payment.
  if (input.part === 'PAID')
    Object.assign(put.Put!.Item!, { gsi1pk: indexKeys.invoice(v.invoiceId), gsi1sk: 'UNEXPECTED' });
  return {
    items: [
      {
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
      },
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
