import type { OrderPaymentMethod } from '@khelaghor/contract/facts';

/**
 * What the product page hands the payment page (spec 3: navigation state), plus ids we need. The
 * one thing catalogue and checkout exchange, so it lives here rather than in either feature.
 */
export interface PaymentState {
  product: string;
  productId: string;
  variant: string;
  variantId: string;
  /** Text with the currency sign, e.g. ৳120.00 (spec). */
  price: string;
  /** The same in poisha, for display only: the server reads the real price. */
  amount: number;
  /** '' for a product that asks for no account (gift cards). */
  playerUID: string;
  /** The server/zone, for a product that asks for one. */
  playerZone?: string;
  playerName: string;
  whatsappNumber: string;
  paymentMethod: OrderPaymentMethod;
}

export function isPaymentState(value: unknown): value is PaymentState {
  const v = value as Partial<PaymentState> | null;
  return Boolean(v && typeof v === 'object' && typeof v.product === 'string');
}
