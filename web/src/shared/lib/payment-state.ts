/** What the product page hands the payment page (spec 3: navigation state), plus ids we need. */
export interface PaymentState {
  product: string;
  productId: string;
  variant: string;
  variantId: string;
  /** Text with the currency sign, e.g. ৳120.00 (spec). */
  price: string;
  /** The same in poisha, for display only: the server reads the real price. */
  amount: number;
  playerUID: string;
  playerName: string;
  whatsappNumber: string;
  paymentMethod: PaymentMethod;
}

export type PaymentMethod = 'wallet' | 'bkash' | 'nagad' | 'rocket';

export const PAYMENT_METHODS: Array<{ value: PaymentMethod; label: string; hint: string }> = [
  { value: 'wallet', label: 'Wallet', hint: 'Pay from your balance' },
  { value: 'bkash', label: 'bKash', hint: 'Mobile banking' },
  { value: 'nagad', label: 'Nagad', hint: 'Mobile banking' },
  { value: 'rocket', label: 'Rocket', hint: 'Mobile banking' },
];

export const methodLabel = (value: string) =>
  PAYMENT_METHODS.find((m) => m.value === value)?.label ?? (value === 'bank_transfer' ? 'Bank Transfer' : value);

export function isPaymentState(value: unknown): value is PaymentState {
  const v = value as Partial<PaymentState> | null;
  return Boolean(v && typeof v === 'object' && typeof v.product === 'string');
}
