import * as z from '../zod';
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

const playerField = (max: number, message: string) =>
  z.nullish(digitText().check(z.trim(), z.maxLength(max, message)));

/**
 * The body of POST /api/orders. Unknown keys (price, total_amount, status, user_id...) are
 * stripped: the server reads the price from the catalogue and the user from the token.
 */
export const PlaceOrderBody = z.object({
  variant_id: z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(64)),
  /**
   * Required or not, and its rule, come from the product (account-fields.ts), checked on the
   * server against the stored product: a gift card needs none.
   */
  player_uid: playerField(PLAYER_UID_MAX, 'Please enter a valid game Player UID'),
  /** The server/zone of a product that asks for one (e.g. 'Zone ID'). */
  player_zone: playerField(ZONE_MAX, 'Please enter a valid zone'),
  player_name: z.nullish(z.string().check(z.trim(), z.maxLength(100))),
  whatsapp_number: z.nullish(
    digitText().check(
      z.trim(),
      z.maxLength(20),
      z.regex(/^[+\d\s-]*$/, 'Please enter a valid WhatsApp number'),
    ),
  ),
  payment_method: z.enum(ORDER_PAYMENT_METHODS, { error: required }),
  /** A promo code (empty = none): the server computes the discount from the table. */
  promo_code: z.nullish(
    digitText().check(z.trim(), z.toUpperCase(), z.regex(/^([A-Z0-9-]{3,24})?$/, 'Invalid promo code')),
  ),
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
  product_name_bn: z.nullable(z.string()),
  variant_name_bn: z.nullable(z.string()),
  player_uid: z.string(),
  /** The server/zone the buyer gave (products that ask for one). */
  player_zone: z.optional(z.nullable(z.string())),
  player_name: z.nullable(z.string()),
  whatsapp_number: z.nullable(z.string()),
  quantity: z.int(),
  /** What the buyer pays (after a promo's discount). */
  total_amount: Poisha,
  /** A promo code applied, the price before its discount and the discount (absent: no promo). */
  promo_code: z.optional(z.nullable(z.string())),
  list_amount: z.optional(z.nullable(Poisha)),
  discount_amount: z.optional(z.nullable(Poisha)),
  payment_method: OrderPaymentMethod,
  payment_id: z.nullable(z.string()),
  payment_status: z.nullable(PaymentStatus),
  failure_reason: z.nullable(z.string()),
  /** An unpaid gateway order of the caller: the checkout to complete the payment (else null). */
  payment_url: z.optional(z.nullable(z.string())),
  /** An unpaid gateway order: when its code hold ends (ISO), else null. */
  hold_until: z.optional(z.nullable(z.string())),
  /** The delivered voucher code (only on a completed order of the caller). */
  code: z.nullable(z.string()),
  /**
   * A supplier's or an operator's fulfilment (issue 31): its kind, the supplier's transaction id
   * once completed, the promised minutes. Absent or null on stock orders and older orders.
   */
  fulfilment: z.optional(z.nullable(OrderFulfilment)),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Order = z.infer<typeof Order>;

export const PlaceOrderResponse = z.object({
  order: Order,
  /** Gateway orders: where to send the browser. */
  payment_url: z.nullable(z.string()),
  /** Wallet orders: the balance after the purchase (poisha). */
  balance: z.nullable(Poisha),
});

export const PageQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 25),
});

export const OrdersPage = z.object({ items: z.array(Order), cursor: z.nullable(z.string()) });

export { IdParams } from './ids';

export const OrderResponse = z.object({ order: Order });

const DeliveredCode = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(CODE_STATUSES),
  order_id: z.nullable(z.string()),
  product_id: z.nullable(z.string()),
  product_variant_id: z.string(),
  product_name: z.nullable(z.string()),
  variant_name: z.nullable(z.string()),
  /** The Bangla names as they were when the code was sold (null: none, or an older code). */
  product_name_bn: z.nullable(z.string()),
  variant_name_bn: z.nullable(z.string()),
  created_at: z.string(),
  delivered_at: z.nullable(z.string()),
});
export const CodesPage = z.object({ items: z.array(DeliveredCode), cursor: z.nullable(z.string()) });
