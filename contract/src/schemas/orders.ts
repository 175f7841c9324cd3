import * as z from 'zod';
import { CODE_STATUSES, ORDER_PAYMENT_METHODS, ORDER_STATUSES, PAYMENT_STATUSES } from '../facts';
import { PLAYER_UID_MAX, ZONE_MAX } from '../account-fields';
import { Poisha } from '../money';
import { digitText } from './digit-text';
import { OrderFulfilment } from './fulfilment';

/** Schemas of orders, delivered codes and the payment confirmation (customer side). */

export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;
const OrderPaymentMethod = z.enum(ORDER_PAYMENT_METHODS);
type OrderPaymentMethod = z.infer<typeof OrderPaymentMethod>;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

const required = 'Please fill all required fields';

const playerField = (max: number, message: string) => digitText().trim().max(max, message).nullish();

/**
 * The body of POST /api/orders. Unknown keys (price, total_amount, status, user_id...) are
 * stripped: the server reads the price from the catalogue and the user from the token.
 */
export const PlaceOrderBody = z.object({
  variant_id: z.string({ error: required }).trim().min(1, required).max(64),
  /**
   * Required or not, and its rule, come from the product (account-fields.ts), checked on the
   * server against the stored product: a gift card needs none.
   */
  player_uid: playerField(PLAYER_UID_MAX, 'Please enter a valid game Player UID'),
  /** The server/zone of a product that asks for one (e.g. 'Zone ID'). */
  player_zone: playerField(ZONE_MAX, 'Please enter a valid zone'),
  player_name: z.string().trim().max(100).nullish(),
  whatsapp_number: digitText()
    .trim()
    .max(20)
    .regex(/^[+\d\s-]*$/, 'Please enter a valid WhatsApp number')
    .nullish(),
  payment_method: z.enum(ORDER_PAYMENT_METHODS, { error: required }),
  /** A promo code (empty = none): the server computes the discount from the table. */
  promo_code: digitText()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z0-9-]{3,24})?$/, 'Invalid promo code')
    .nullish(),
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>;

export const Order = z.object({
  id: z.string(),
  status: OrderStatus,
  product_id: z.string(),
  product_variant_id: z.string(),
  product_name: z.string(),
  variant_name: z.string(),
  /** The Bangla names as they were when the order was placed (null: none, or an older order). */
  product_name_bn: z.string().nullable(),
  variant_name_bn: z.string().nullable(),
  player_uid: z.string(),
  /** The server/zone the buyer gave (products that ask for one). */
  player_zone: z.string().nullable().optional(),
  player_name: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  quantity: z.number().int(),
  /** What the buyer pays (after a promo's discount). */
  total_amount: Poisha,
  /** A promo code applied, the price before its discount and the discount (absent: no promo). */
  promo_code: z.string().nullable().optional(),
  list_amount: Poisha.nullable().optional(),
  discount_amount: Poisha.nullable().optional(),
  payment_method: OrderPaymentMethod,
  payment_id: z.string().nullable(),
  payment_status: PaymentStatus.nullable(),
  failure_reason: z.string().nullable(),
  /** An unpaid gateway order of the caller: the checkout to complete the payment (else null). */
  payment_url: z.string().nullable().optional(),
  /** An unpaid gateway order: when its code hold ends (ISO), else null. */
  hold_until: z.string().nullable().optional(),
  /** The delivered voucher code (only on a completed order of the caller). */
  code: z.string().nullable(),
  /**
   * A supplier's or an operator's fulfilment (issue 31): its kind, the supplier's transaction id
   * once completed, the promised minutes. Absent or null on stock orders and older orders.
   */
  fulfilment: OrderFulfilment.nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Order = z.infer<typeof Order>;

export const PlaceOrderResponse = z.object({
  order: Order,
  /** Gateway orders: where to send the browser. */
  payment_url: z.string().nullable(),
  /** Wallet orders: the balance after the purchase (poisha). */
  balance: Poisha.nullable(),
});

export const PageQuery = z.object({
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const OrdersPage = z.object({ items: z.array(Order), cursor: z.string().nullable() });

export { IdParams } from './ids';

export const OrderResponse = z.object({ order: Order });

const DeliveredCode = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(CODE_STATUSES),
  order_id: z.string().nullable(),
  product_id: z.string().nullable(),
  product_variant_id: z.string(),
  product_name: z.string().nullable(),
  variant_name: z.string().nullable(),
  /** The Bangla names as they were when the code was sold (null: none, or an older code). */
  product_name_bn: z.string().nullable(),
  variant_name_bn: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export const CodesPage = z.object({ items: z.array(DeliveredCode), cursor: z.string().nullable() });
