import * as z from 'zod';
import { Poisha } from '../money';
import { Payment } from './payments';

/** Schemas of the wallet: ledger, gateway top-ups, manual TrxID top-ups. */

/** ৳10 to ৳25,000 per top-up, in poisha. */
export const TOPUP_MIN = 1000;
export const TOPUP_MAX = 2_500_000;

const selectMessage = 'Please select amount and payment method';
const rangeMessage = 'Amount must be between ৳10 and ৳25,000';

export const LedgerReason = z.enum([
  'order',
  'topup',
  'manual_topup',
  'adjustment',
  'refund',
  'demo_topup',
  'late_payment',
  'unexpected_payment',
]);
export type LedgerReason = z.infer<typeof LedgerReason>;

export const LedgerEntry = z.object({
  id: z.string(),
  amount: Poisha,
  balance_after: Poisha,
  reason: LedgerReason,
  reference: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export const LedgerPage = z.object({
  items: z.array(LedgerEntry),
  cursor: z.string().nullable(),
  balance: Poisha,
});

const amount = z
  .number({
    error: (iss) =>
      iss.input === undefined || iss.input === null ? selectMessage : 'Please enter a valid amount',
  })
  .int('Please enter a valid amount')
  .min(TOPUP_MIN, rangeMessage)
  .max(TOPUP_MAX, rangeMessage);

export const TopupBody = z.object({
  amount,
  payment_method: z.enum(['bkash', 'nagad', 'rocket'], { error: selectMessage }),
});

export const TopupResponse = z.object({ payment: Payment, payment_url: z.string() });

export const ManualTopupBody = z.object({
  amount,
  payment_method: z.enum(['bkash', 'nagad', 'rocket', 'bank_transfer'], { error: selectMessage }),
  sender_number: z
    .string({ error: 'Please enter the sender number' })
    .trim()
    .min(4, 'Please enter the sender number')
    .max(40),
  transaction_id: z
    .string({ error: 'Please enter the transaction ID' })
    .trim()
    .min(4, 'Please enter the transaction ID')
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'Please enter a valid transaction ID'),
});

export const PaymentResponse = z.object({ payment: Payment });
export const PaymentsPage = z.object({ items: z.array(Payment), cursor: z.string().nullable() });
