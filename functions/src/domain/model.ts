import type {
  CodeStatus,
  LedgerReason,
  OrderPaymentMethod,
  OrderStatus,
  PaymentKind,
  PaymentProvider,
  PaymentStatus,
} from '@khelaghor/contract/facts';
import type { SmsControl } from '@khelaghor/contract/sms-facts';
import type { StoredFulfilment } from './fulfilment/variant-fulfilment';

/**
 * The records the shop decides about, as plain data: an order, its payment, a ledger entry and a
 * voucher code. db/ stores them (adding keys and index keys, see docs/data-model.md); the domain's
 * rules read and produce them.
 */

export interface OrderItem {
  type: 'order';
  id: string;
  user_id: string;
  user_email: string;
  user_name: string;
  product_id: string;
  product_variant_id: string;
  product_name: string;
  variant_name: string;
  /** The Bangla names when the order was placed (absent: none, or an order from before them). */
  product_name_bn?: string | null;
  variant_name_bn?: string | null;
  /** '' for a product that asks for no account (gift cards). */
  player_uid: string;
  /** The server/zone, for a product that asks for one. */
  player_zone?: string;
  player_name: string | null;
  whatsapp_number: string | null;
  quantity: 1;
  total_amount: number;
  status: OrderStatus;
  payment_method: OrderPaymentMethod;
  payment_id?: string;
  code_id?: string;
  /** Which of the buyer's unpaid-order slots this pending gateway order takes (unpaid-slots.ts). */
  unpaid_slot?: number;
  failure_reason?: string;
  /** Set when the buyer's money was taken (wallet debit or verified gateway payment). */
  paid_at?: string;
  /** Set once, in the transaction that credits a refund: the refund's exactly-once guard. */
  refunded_at?: string;
  /** Set in the transaction that first completes it, with its package's sales count (sales-counts.ts). */
  sales_counted?: true;
  /** A promo code applied (upper case): its use is counted in the order's transaction. */
  promo_code?: string;
  /** The variant's price before the promo's discount (total_amount is what the buyer pays). */
  list_amount?: number;
  /** The promo's discount in poisha (list_amount - total_amount). */
  discount_amount?: number;
  /** Placed through the reseller API: the reseller's user id (the same as user_id) and their own reference. */
  reseller_id?: string;
  /** The reseller API key that placed it: its callbacks are signed with the same key. */
  reseller_key_id?: string;
  /**
   * Issue 31: what fulfils this order, copied from its variant when it was placed (a later change
   * of the variant does not move an order in flight). Absent: a code from stock. A stock variant
   * whose codes ran out and that names a supplier's voucher is ordered as `supplier_voucher`.
   */
  fulfilment?: StoredFulfilment;
  /** The supplier's transaction id (or the operator's proof) once completed. */
  supplier_transaction_id?: string;
  created_at: string;
  updated_at: string;
}

export interface PaymentItem {
  type: 'payment';
  id: string;
  kind: PaymentKind;
  order_id?: string;
  user_id: string;
  user_email?: string;
  amount: number;
  payment_method: string;
  payment_provider: PaymentProvider;
  status: PaymentStatus;
  invoice_id?: string;
  /**
   * The invoice of the charge the shop created, read from its checkout URL: the only invoice that
   * may settle this payment (any other paid invoice naming it is an unexpected payment).
   */
  invoice_hint?: string;
  payment_url?: string;
  /** Who may call the gateway's create-charge for this payment, and until when (one invoice per payment). */
  charge_owner?: string;
  charge_until?: string;
  /** When the sweeper asks the gateway next (its queue's sort key). */
  next_check_at?: string;
  /** kind 'unexpected': why the money was not expected (second_invoice, overpayment, late_payment, mismatch). */
  reason?: string;
  transaction_id?: string;
  sender_number?: string;
  /** A manual top-up that holds one of its customer's waiting-request slots until decided. */
  pending_slot?: boolean;
  /** A TrxID request: the shop's number the buyer was shown and sent to (the SMS must come to it). */
  receiving_number?: string;
  /** A TrxID request by mobile banking: it expires when no SMS came by then (docs/sms-payments.md). */
  expires_at?: string;
  /** The forwarded SMS that credited this request, or that it was compared with in review. */
  sms_id?: string;
  /** Sent to the admin's review by the SMS matcher: the control that failed. */
  sms_review?: SmsControl;
  hold_until?: string;
  paid_amount?: number;
  note?: string;
  created_at: string;
  updated_at: string;
}

export interface LedgerItem {
  type: 'ledger';
  id: string;
  user_id: string;
  amount: number;
  balance_after: number;
  reason: LedgerReason;
  reference: string;
  note?: string;
  created_at: string;
}

/** A voucher code item as stored (see docs/data-model.md). */
export interface CodeItem {
  type: 'code';
  id: string;
  variant_id: string;
  product_id: string;
  code: string;
  status: CodeStatus;
  /** The stock shard the code counts in (items from before sharding: 0). */
  stock_shard?: number;
  order_id?: string;
  user_id?: string;
  reserved_until?: string;
  delivered_at?: string;
  created_at: string;
  updated_at?: string;
  variant_name?: string;
  product_name?: string;
  variant_name_bn?: string | null;
  product_name_bn?: string | null;
}

/** Who is asking: from the verified token, never from the request body. */
export interface Caller {
  userId: string;
  email: string;
  groups: string[];
  isAdmin: boolean;
  /**
   * The token's auth_time (unix seconds): when the user last signed in with their password (and
   * code). A refreshed token keeps it, so it says how old the session is (kit/admin-access.ts).
   */
  authTime?: number;
}
