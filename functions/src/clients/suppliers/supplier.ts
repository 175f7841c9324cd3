/**
 * One interface for every supplier the shop buys top-ups and voucher codes from (UniPin, MooGold,
 * ...). Each adapter sends our order id as the supplier's reference, has a timeout on every call,
 * and names each outcome:
 * - `done`: the supplier answered and we understood it;
 * - `refused`: a business refusal (bad player id, out of stock, no balance), with its reason;
 * - `unknown`: no answer we can trust (timeout, 5xx, a garbled body, a bad signature on the
 *   answer). The order may or may not exist at the supplier: it is resolved by `inquire` with the
 *   same reference, never by sending the order again.
 */
export type CallOutcome<T> =
  | { kind: 'done'; value: T }
  | { kind: 'refused'; reason: string; code?: string }
  | { kind: 'unknown'; why: string };

type SupplierName = 'unipin' | 'moogold';

/** The player as the game knows them; some suppliers need the token at order time. */
export interface PlayerCheck {
  playerName: string;
  validationToken?: string;
}

/** Where an order stands at the supplier. */
export type SupplierOrderState =
  | { state: 'completed'; supplierTransactionId: string; codes?: string[] }
  | { state: 'processing'; supplierTransactionId?: string }
  | { state: 'failed'; reason: string }
  /** The supplier has no order with our reference (it never arrived, or not yet). */
  | { state: 'not_found' };

export interface TopupRequest {
  /** Our order id: the supplier's reference for this order, and the key of its idempotency. */
  reference: string;
  /** The supplier's product / denomination id, as the admin set it on the variant. */
  productId: string;
  /** The supplier's game code where it needs one (UniPin's `game_code`). */
  gameCode?: string;
  playerUid: string;
  zoneId?: string;
  /** From `validatePlayer`, kept with the order for suppliers that need it. */
  validationToken?: string;
}

interface VoucherRequest {
  reference: string;
  productId: string;
}

/** Money at the supplier: integer minor units of the supplier's currency. */
export interface SupplierMoney {
  amount: number;
  currency: string;
}

export interface Supplier {
  readonly name: SupplierName;
  validatePlayer(input: {
    productId: string;
    gameCode?: string;
    playerUid: string;
    zoneId?: string;
  }): Promise<CallOutcome<PlayerCheck>>;
  /** A direct top-up to the player's account. */
  createTopup(request: TopupRequest): Promise<CallOutcome<SupplierOrderState>>;
  /** One voucher code bought now. */
  requestVoucher(request: VoucherRequest): Promise<CallOutcome<SupplierOrderState>>;
  /** Where the order with our `reference` stands: the only way an unknown outcome is resolved. */
  inquire(reference: string, kind: 'topup' | 'voucher'): Promise<CallOutcome<SupplierOrderState>>;
  /** The shop's prepaid balance at the supplier. */
  balance(): Promise<CallOutcome<SupplierMoney>>;
  /** Voucher codes the supplier has for `productId`. */
  stock(productId: string): Promise<CallOutcome<number>>;
}

/** What every adapter is built with; `fetch` and `now` are there for the tests. */
export interface SupplierOptions {
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}
