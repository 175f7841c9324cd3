import * as z from '../zod';
import {
  GATEWAY_METHODS,
  LEDGER_REASONS,
  MANUAL_TOPUP_METHODS,
  TOPUP_MAX,
  TOPUP_MIN,
  TOPUP_RANGE_MESSAGE,
  TOPUP_SELECT_MESSAGE,
} from '../facts';
import { Poisha } from '../money';
import { Payment } from './payments';
import { digitText } from './digit-text';

/** Schemas of the wallet: ledger, gateway top-ups, manual TrxID top-ups. */

const selectMessage = TOPUP_SELECT_MESSAGE;
const rangeMessage = TOPUP_RANGE_MESSAGE;

const LedgerReason = z.enum(LEDGER_REASONS);
type LedgerReason = z.infer<typeof LedgerReason>;

const LedgerEntry = z.object({
  id: z.string(),
  amount: Poisha,
  balance_after: Poisha,
  reason: LedgerReason,
  reference: z.string(),
  note: z.nullable(z.string()),
  created_at: z.string(),
});
export const LedgerPage = z.object({
  items: z.array(LedgerEntry),
  cursor: z.nullable(z.string()),
  balance: Poisha,
});

const amount = z
  .number({
    error: (iss) =>
      iss.input === undefined || iss.input === null ? selectMessage : 'Please enter a valid amount',
  })
  .check(
    z.int('Please enter a valid amount'),
    z.minimum(TOPUP_MIN, rangeMessage),
    z.maximum(TOPUP_MAX, rangeMessage),
  );

export const TopupBody = z.object({
  amount,
  payment_method: z.enum(GATEWAY_METHODS, { error: selectMessage }),
});

export const TopupResponse = z.object({ payment: Payment, payment_url: z.string() });

export const ManualTopupBody = z.object({
  amount,
  payment_method: z.enum(MANUAL_TOPUP_METHODS, { error: selectMessage }),
  sender_number: digitText({ error: 'Please enter the sender number' }).check(
    z.trim(),
    z.minLength(4, 'Please enter the sender number'),
    z.maxLength(40),
  ),
  transaction_id: digitText({ error: 'Please enter the transaction ID' }).check(
    z.trim(),
    z.minLength(4, 'Please enter the transaction ID'),
    z.maxLength(64),
    z.regex(/^[A-Za-z0-9-]+$/, 'Please enter a valid transaction ID'),
  ),
  /**
   * The shop's number the buyer sent the money to, when the shop shows several for the method
   * (one shown: the server records it). The SMS that verifies the payment must come to it.
   */
  receiving_number: z.optional(
    digitText().check(z.trim(), z.regex(/^01[3-9]\d{8}$/, 'Please choose the number you sent the money to')),
  ),
});

export const PaymentResponse = z.object({ payment: Payment });
export const PaymentsPage = z.object({ items: z.array(Payment), cursor: z.nullable(z.string()) });
