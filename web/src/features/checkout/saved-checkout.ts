import { isPaymentState, type PaymentState } from '../../shared/lib/payment-state';

/**
 * The checkout the product page started, kept in sessionStorage so it survives what router state
 * does not: a reload, a trip to Add Money and the gateway's round trip, a sign-in. Per tab, and
 * forgotten once the order is paid.
 */
const KEY = 'khelaghor.checkout.v1';

export function saveCheckout(state: PaymentState): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    /* storage full or blocked: the checkout lives only in router state */
  }
}

export function loadCheckout(): PaymentState | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    return isPaymentState(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function clearCheckout(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}
