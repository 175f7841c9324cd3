import * as z from '../zod';
import { PAYMENT_KINDS } from '../facts';
import { SMS_CONTROLS } from '../sms-facts';
import { Poisha } from '../money';
import { Order, PaymentStatus } from './orders';

/** Schemas of gateway confirmation (webhook, return page) and payment records. */

const PaymentKind = z.enum(PAYMENT_KINDS);
type PaymentKind = z.infer<typeof PaymentKind>;

export const Payment = z.object({
  id: z.string(),
  kind: PaymentKind,
  order_id: z.nullable(z.string()),
  user_id: z.string(),
  user_email: z.nullable(z.string()),
  amount: Poisha,
  payment_method: z.string(),
  payment_provider: z.string(),
  status: PaymentStatus,
  invoice_id: z.nullable(z.string()),
  transaction_id: z.nullable(z.string()),
  sender_number: z.nullable(z.string()),
  note: z.nullable(z.string()),
  /** A TrxID request: the shop's number the buyer sent to, and until when it waits for its SMS. */
  receiving_number: z.optional(z.string()),
  expires_at: z.optional(z.string()),
  /** Sent to the shop's review by the SMS matcher: the control that failed (docs/sms-payments.md). */
  sms_review: z.optional(z.enum(SMS_CONTROLS)),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Payment = z.infer<typeof Payment>;

/**
 * The gateway's webhook body. Only invoice_id is read (everything else comes from the
 * verify-payment call), so every other field is accepted and ignored.
 */
export const WebhookBody = z.looseObject({ invoice_id: z.optional(z.unknown()) });

export const WebhookResponse = z.object({ ok: z.boolean(), status: z.string() });

export const ConfirmPaymentBody = z.object({
  invoice_id: z
    .string({ error: 'invoice_id is required' })
    .check(z.trim(), z.minLength(1, 'invoice_id is required'), z.maxLength(128)),
});

export const ConfirmPaymentResponse = z.object({
  payment: Payment,
  order: z.nullable(Order),
  /** The caller's balance after a top-up (poisha). */
  balance: z.nullable(Poisha),
});
