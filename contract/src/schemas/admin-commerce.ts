import * as z from '../zod';
import { ADJUSTMENT_METHODS, MANUAL_TOPUP_STATUSES } from '../facts';
import { SMS_CONTROLS, SMS_STATUSES } from '../sms-facts';
import { Poisha } from '../money';
import { Order, OrderStatus, PageQuery } from './orders';
import { Payment } from './payments';

/** Schemas of the admin commerce area: orders, payments, wallets, manual top-ups, gateway setup. */

const required = 'Please fill all required fields';
const validAmount = 'Please enter a valid amount';

const AdminOrder = z.extend(Order, {
  user_id: z.string(),
  user_email: z.nullable(z.string()),
  user_name: z.nullable(z.string()),
});
export const AdminOrdersQuery = z.extend(PageQuery, { status: z.optional(OrderStatus) });
export const AdminOrdersPage = z.object({ items: z.array(AdminOrder), cursor: z.nullable(z.string()) });

export const SetOrderStatusBody = z.object({ status: OrderStatus });
export const AdminOrderResponse = z.object({ order: AdminOrder });

export const AdminPaymentsQuery = PageQuery;
const ManualTopupStatus = z.enum(MANUAL_TOPUP_STATUSES);
export const AdminManualTopupsQuery = z.extend(PageQuery, {
  status: z._default(ManualTopupStatus, 'pending'),
});
/**
 * Another request naming the same TrxID (a squatter's or the real payer's): the queue shows them
 * side by side with their sender numbers; only one of them can ever be approved.
 */
export const CompetingRequest = z.object({
  id: z.string(),
  user_email: z.nullable(z.string()),
  amount: Poisha,
  sender_number: z.nullable(z.string()),
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
  failed_control: z.nullable(z.enum(SMS_CONTROLS)),
  amount: z.nullable(Poisha),
  trx_id: z.nullable(z.string()),
  payment_id: z.nullable(z.string()),
});
export const AdminManualTopup = z.extend(Payment, {
  competing: z.array(CompetingRequest),
  sms: z.nullable(MatchedSms),
});
export const AdminManualTopupsPage = z.object({
  items: z.array(AdminManualTopup),
  cursor: z.nullable(z.string()),
});
export const ManualTopupDecisionBody = z.object({
  note: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});

export const WalletAdjustmentBody = z.object({
  user_id: z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(128)),
  type: z.enum(['credit', 'debit'], { error: required }),
  amount: z
    .number({
      error: (iss) =>
        iss.input === undefined || iss.input === null || iss.input === '' ? required : validAmount,
    })
    .check(z.int(validAmount), z.positive(validAmount), z.maximum(100_000_000, validAmount)),
  payment_method: z._default(z.enum(ADJUSTMENT_METHODS), 'admin_adjustment'),
  note: z.optional(z.string().check(z.trim(), z.maxLength(500))),
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
  updated_at: z.nullable(z.string()),
});

export const SaveGatewayBody = z.object({
  provider_name: z._default(
    z.string().check(z.trim(), z.minLength(1, required), z.maxLength(60)),
    'UddoktaPay',
  ),
  /** Write-only: empty or missing keeps the stored key. */
  api_key: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  /** Accepted for the spec's form; UddoktaPay has no secret, so it is not stored. */
  api_secret: z.optional(z.string()),
  base_url: z.url({ error: 'Please enter a valid base URL' }),
  webhook_url: z.optional(z.union([z.url({ error: 'Please enter a valid webhook URL' }), z.literal('')])),
  is_active: z._default(z.boolean(), true),
});

export const SaveGatewayResponse = z.object({ config: GatewayConfig, message: z.string() });
export const TestGatewayResponse = z.object({ ok: z.boolean(), message: z.string() });
