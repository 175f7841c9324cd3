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

/**
 * The gateway orders placed from /payment, by the history entry (router location key) they were
 * placed from: Back from the gateway's page returns to that entry, which then says the order is
 * placed. A new checkout is a new entry. Per tab, the last few.
 */
const PLACED = 'khelaghor.checkout.placed.v1';
const PLACED_KEPT = 10;

function placedOrders(): Array<[string, string]> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(PLACED) ?? '[]');
    return Array.isArray(value) ? (value as Array<[string, string]>) : [];
  } catch {
    return [];
  }
}

export function markPlaced(entry: string, orderId: string): void {
  const kept = placedOrders().filter(([e]) => e !== entry);
  try {
    sessionStorage.setItem(PLACED, JSON.stringify([...kept, [entry, orderId]].slice(-PLACED_KEPT)));
  } catch {
    /* storage blocked: Back offers the payment again, and the server's unpaid-order limit holds */
  }
}

/** The order placed from this history entry, if one was. */
export function placedOrder(entry: string): string | undefined {
  return placedOrders().find(([e]) => e === entry)?.[1];
}
