import * as z from 'zod';
import { ADJUSTMENT_METHODS, MANUAL_TOPUP_STATUSES } from '../facts';
import { SMS_CONTROLS, SMS_STATUSES } from '../sms-facts';
import { Poisha } from '../money';
import { Order, OrderStatus, PageQuery } from './orders';
import { Payment } from './payments';

/** Schemas of the admin commerce area: orders, payments, wallets, manual top-ups, gateway setup. */

const required = 'Please fill all required fields';
const validAmount = 'Please enter a valid amount';

const AdminOrder = Order.extend({
  user_id: z.string(),
  user_email: z.string().nullable(),
  user_name: z.string().nullable(),
});
export const AdminOrdersQuery = PageQuery.extend({ status: OrderStatus.optional() });
export const AdminOrdersPage = z.object({ items: z.array(AdminOrder), cursor: z.string().nullable() });

export const SetOrderStatusBody = z.object({ status: OrderStatus });
export const AdminOrderResponse = z.object({ order: AdminOrder });

export const AdminPaymentsQuery = PageQuery;
const ManualTopupStatus = z.enum(MANUAL_TOPUP_STATUSES);
export const AdminManualTopupsQuery = PageQuery.extend({ status: ManualTopupStatus.default('pending') });
/**
 * Another request naming the same TrxID (a squatter's or the real payer's): the queue shows them
 * side by side with their sender numbers; only one of them can ever be approved.
 */
export const CompetingRequest = z.object({
  id: z.string(),
  user_email: z.string().nullable(),
  amount: Poisha,
  sender_number: z.string().nullable(),
  status: ManualTopupStatus,
  created_at: z.string(),
});
/**
 * The forwarded SMS the matcher compared a request with (or credited it from): the admin reads
 * its text beside the failed control. `payment_id` names the request it credited, maybe another.
 */
const MatchedSms = z.object({
  id: z.string(),
  sender: z.string(),
  text: z.string(),
  receiving_number: z.string(),
  received_at: z.string(),
  status: z.enum(SMS_STATUSES),
  failed_control: z.enum(SMS_CONTROLS).nullable(),
  amount: Poisha.nullable(),
  trx_id: z.string().nullable(),
  payment_id: z.string().nullable(),
});
export const AdminManualTopup = Payment.extend({
  competing: z.array(CompetingRequest),
  sms: MatchedSms.nullable(),
});
export const AdminManualTopupsPage = z.object({
  items: z.array(AdminManualTopup),
  cursor: z.string().nullable(),
});
export const ManualTopupDecisionBody = z.object({ note: z.string().trim().max(500).optional() });

export const WalletAdjustmentBody = z.object({
  user_id: z.string({ error: required }).trim().min(1, required).max(128),
  type: z.enum(['credit', 'debit'], { error: required }),
  amount: z
    .number({
      error: (iss) =>
        iss.input === undefined || iss.input === null || iss.input === '' ? required : validAmount,
    })
    .int(validAmount)
    .positive(validAmount)
    .max(100_000_000, validAmount),
  payment_method: z.enum(ADJUSTMENT_METHODS).default('admin_adjustment'),
  note: z.string().trim().max(500).optional(),
});

export const WalletChangeResponse = z.object({
  payment: Payment,
  balance: Poisha,
  message: z.string(),
});

export const GatewayConfig = z.object({
  provider_name: z.string(),
  /** Only the last 4 characters, e.g. "••••abcd"; empty when no key is stored. */
  api_key_masked: z.string(),
  has_api_key: z.boolean(),
  base_url: z.string(),
  webhook_url: z.string(),
  is_active: z.boolean(),
  /** Where the values come from: saved in API Setup, or the environment's defaults. */
  source: z.enum(['stored', 'environment']),
  updated_at: z.string().nullable(),
});

export const SaveGatewayBody = z.object({
  provider_name: z.string().trim().min(1, required).max(60).default('UddoktaPay'),
  /** Write-only: empty or missing keeps the stored key. */
  api_key: z.string().trim().max(500).optional(),
  /** Accepted for the spec's form; UddoktaPay has no secret, so it is not stored. */
  api_secret: z.string().optional(),
  base_url: z.url({ error: 'Please enter a valid base URL' }),
  webhook_url: z.union([z.url({ error: 'Please enter a valid webhook URL' }), z.literal('')]).optional(),
  is_active: z.boolean().default(true),
});

export const SaveGatewayResponse = z.object({ config: GatewayConfig, message: z.string() });
export const TestGatewayResponse = z.object({ ok: z.boolean(), message: z.string() });
