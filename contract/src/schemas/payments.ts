import * as z from 'zod';
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
  order_id: z.string().nullable(),
  user_id: z.string(),
  user_email: z.string().nullable(),
  amount: Poisha,
  payment_method: z.string(),
  payment_provider: z.string(),
  status: PaymentStatus,
  invoice_id: z.string().nullable(),
  transaction_id: z.string().nullable(),
  sender_number: z.string().nullable(),
  note: z.string().nullable(),
  /** A TrxID request: the shop's number the buyer sent to, and until when it waits for its SMS. */
  receiving_number: z.string().optional(),
  expires_at: z.string().optional(),
  /** Sent to the shop's review by the SMS matcher: the control that failed (docs/sms-payments.md). */
  sms_review: z.enum(SMS_CONTROLS).optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Payment = z.infer<typeof Payment>;

/**
 * The gateway's webhook body. Only invoice_id is read (everything else comes from the
 * verify-payment call), so every other field is accepted and ignored.
 */
export const WebhookBody = z.looseObject({ invoice_id: z.unknown().optional() });

export const WebhookResponse = z.object({ ok: z.boolean(), status: z.string() });

export const ConfirmPaymentBody = z.object({
  invoice_id: z.string({ error: 'invoice_id is required' }).trim().min(1, 'invoice_id is required').max(128),
});

export const ConfirmPaymentResponse = z.object({
  payment: Payment,
  order: Order.nullable(),
  /** The caller's balance after a top-up (poisha). */
  balance: Poisha.nullable(),
});
