/**
 * The shop's facts, each written once: statuses, kinds, reasons, payment methods, limits and the
 * Player UID rule. Zod-free, so the SPA's initial bundle, the domain and the data layer can import
 * them without the schema library; the zod schemas in schemas/ are built from these lists.
 */
import { toAsciiDigits } from './digits';

export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * How a variant is fulfilled (issue 31, DESIGN 12), set by the admin per variant:
 * - `stock`: a code from the shop's imported stock (and, when the variant names a supplier's
 *   voucher, a code bought from the supplier just in time when the stock is empty);
 * - `supplier_voucher`: a code bought from the supplier at order time, delivered like a stock code;
 * - `supplier_topup`: the supplier's direct top-up to the buyer's game account (Player UID);
 * - `operator`: a person does it by hand from the admin's Fulfilment queue.
 */
export const FULFILMENT_KINDS = ['stock', 'supplier_voucher', 'supplier_topup', 'operator'] as const;
export type FulfilmentKind = (typeof FULFILMENT_KINDS)[number];

/** The suppliers with an adapter (functions/src/clients/suppliers/); each takes our order id as reference. */
export const SUPPLIERS = ['unipin', 'moogold'] as const;
export type SupplierName = (typeof SUPPLIERS)[number];

/**
 * The state of an order's supplier-order record (docs/suppliers.md, "The order's life"). The
 * record is written in the transaction that takes the buyer's money, before any call:
 * - `pending_send`: nobody has called the supplier yet;
 * - `sending`: one sender holds the lease (`lease_until`) and is calling;
 * - `sent`: the supplier accepted the order and is still working on it (inquiry due);
 * - `unknown`: no answer we can trust (timeout, 5xx, garbled): resolved only by inquiry;
 * - `queued`: in the operator's queue (an operator variant, unknown for 10 minutes, the
 *   supplier out of balance), see `FulfilmentQueueReason`;
 * - `completed`: delivered (the supplier's transaction id, or the voucher's code); the order is completed;
 * - `refused`: the supplier (or the operator) said no; the order is refunded to the wallet once.
 */
export const FULFILMENT_STATES = [
  'pending_send',
  'sending',
  'sent',
  'unknown',
  'queued',
  'completed',
  'refused',
] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

/** Why an order waits in the operator's queue. */
export const FULFILMENT_QUEUE_REASONS = [
  /** An operator variant: a person fulfils every order. */
  'manual',
  /** The supplier's outcome stayed unknown for FULFILMENT_UNKNOWN_LIMIT_MS. */
  'unknown_timeout',
  /** The supplier refused for its prepaid balance: an operator tops it up, then sends or fails it. */
  'supplier_balance',
  /** No supplier client is configured (credentials missing) or it is not automatable. */
  'supplier_unavailable',
] as const;
export type FulfilmentQueueReason = (typeof FULFILMENT_QUEUE_REASONS)[number];

/** After this long without a known outcome an order goes to the operator's queue (DESIGN 12). */
export const FULFILMENT_UNKNOWN_LIMIT_MS = 10 * 60_000;
/**
 * The public `stock` of a variant no count of codes limits (a supplier's top-up or voucher, an
 * operator, a stock variant backed by a supplier's voucher): 'Out of Stock' never shows for it.
 */
export const VARIANT_UNLIMITED_STOCK = 999;
/** The storefront's promise for a supplier's delivery: 'usually within 5 minutes' (DESIGN 12). */
export const SUPPLIER_PROMISE_MINUTES = 5;
/** The operator's promise when the shop has set none (DESIGN 12: default 30 minutes). */
export const OPERATOR_PROMISE_MINUTES_DEFAULT = 30;

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'rejected', 'review', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const CODE_STATUSES = ['available', 'reserved', 'delivered', 'used'] as const;
export type CodeStatus = (typeof CODE_STATUSES)[number];

/** `expired`: a TrxID request whose SMS did not come within its window (docs/sms-payments.md). */
export const MANUAL_TOPUP_STATUSES = ['pending', 'completed', 'rejected', 'expired'] as const;
export type ManualTopupStatus = (typeof MANUAL_TOPUP_STATUSES)[number];

export const PAYMENT_KINDS = [
  'order',
  'topup',
  'manual_topup',
  'adjustment',
  'demo_topup',
  'refund',
  'unexpected',
] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** Who moved the money of a payment: the gateway, a TrxID an admin checked, or an admin. */
export type PaymentProvider = 'uddoktapay' | 'manual' | 'admin';

export const LEDGER_REASONS = [
  'order',
  'topup',
  'manual_topup',
  'adjustment',
  'refund',
  'demo_topup',
  'late_payment',
  'unexpected_payment',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** Why a verified paid invoice was not expected (kind 'unexpected' payments). */
export type UnexpectedReason = 'second_invoice' | 'mismatch' | 'overpayment' | 'late_payment';

/** The note an unexpected payment carries in Payment Management. */
export const UNEXPECTED_NOTES: Record<UnexpectedReason, string> = {
  second_invoice: 'A second invoice was paid for a payment that already had one: credited to the wallet',
  overpayment: 'The invoice paid more than the price: the difference is credited to the wallet',
  late_payment: 'Paid after the code hold ended and no code was left: credited to the wallet',
  mismatch:
    'A paid invoice whose amount or details do not match the payment it names: credited to the wallet',
};

/** Mobile banking through the UddoktaPay gateway. */
export const GATEWAY_METHODS = ['bkash', 'nagad', 'rocket'] as const;
export type GatewayMethod = (typeof GATEWAY_METHODS)[number];

/** How an order is paid: from the wallet or through the gateway. */
export const ORDER_PAYMENT_METHODS = ['wallet', ...GATEWAY_METHODS] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];

/** How a manual (TrxID) top-up was sent. */
export const MANUAL_TOPUP_METHODS = [...GATEWAY_METHODS, 'bank_transfer'] as const;
export type ManualTopupMethod = (typeof MANUAL_TOPUP_METHODS)[number];

/** How an admin's wallet adjustment was paid. */
export const ADJUSTMENT_METHODS = ['admin_adjustment', 'uddoktapay', 'bank_transfer', 'cash'] as const;
export type AdjustmentMethod = (typeof ADJUSTMENT_METHODS)[number];

/** What the UI calls each method. */
export const METHOD_LABELS: Record<OrderPaymentMethod | ManualTopupMethod | AdjustmentMethod, string> = {
  wallet: 'Wallet',
  bkash: 'bKash',
  nagad: 'Nagad',
  rocket: 'Rocket',
  bank_transfer: 'Bank Transfer',
  admin_adjustment: 'Admin adjustment',
  uddoktapay: 'UddoktaPay',
  cash: 'Cash',
};

export const isGatewayMethod = (method: string): method is GatewayMethod =>
  (GATEWAY_METHODS as readonly string[]).includes(method);

/** ৳10 to ৳25,000 per top-up, in poisha. */
export const TOPUP_MIN = 1000;
export const TOPUP_MAX = 2_500_000;
export const TOPUP_RANGE_MESSAGE = 'Amount must be between ৳10 and ৳25,000';
export const TOPUP_SELECT_MESSAGE = 'Please select amount and payment method';

/**
 * DESIGN 12's limits on TrxID requests: waiting requests per customer (a request stops waiting
 * when an admin decides it), requests an hour per customer and per IP (looser: buyers share
 * carrier NAT addresses). Over one: 429 with Retry-After.
 */
export const MANUAL_TOPUP_LIMITS = { pendingPerCustomer: 3, hourlyPerCustomer: 10, hourlyPerIp: 20 } as const;

/** The spec's Player UID rule for an order (8 to 12 digits) and its texts. */
export const PLAYER_UID_PATTERN = /^\d{8,12}$/;
export const PLAYER_UID_REQUIRED = 'Please enter Player UID';
export const PLAYER_UID_INVALID_TITLE = 'Invalid UID';
export const PLAYER_UID_INVALID = 'Please enter a valid game Player UID (8-12 digits)';

/** The Player UID problem to show, or undefined when the UID may be ordered for. */
export function checkPlayerUid(uid: string): { title: string; message: string } | undefined {
  const value = toAsciiDigits(uid).trim();
  if (!value) return { title: PLAYER_UID_REQUIRED, message: PLAYER_UID_REQUIRED };
  if (!PLAYER_UID_PATTERN.test(value))
    return { title: PLAYER_UID_INVALID_TITLE, message: PLAYER_UID_INVALID };
  return undefined;
}
