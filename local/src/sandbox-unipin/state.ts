/**
 * The UniPin sandbox's books: orders by our reference (idempotent), the prepaid balance, voucher
 * stock, validation tokens, counters the tests read and the faults they set. Plain functions over
 * one in-memory state; the HTTP side is ./server.ts.
 */
import { randomBytes } from 'node:crypto';
import {
  GAMES,
  KNOWN_PLAYERS,
  SANDBOX_CURRENCY,
  UID_PATTERN,
  UNKNOWN_PLAYERS,
  VOUCHERS,
  findDenomination,
  wireMoney,
} from './catalog';

/** UniPin-style error codes the sandbox answers with (the adapter reads ORDER_NOT_FOUND). */
export const ERR = {
  badRequest: '400',
  signature: '401',
  orderNotFound: '404',
  referenceReused: '409',
  playerNotFound: '410',
  badToken: '411',
  productNotFound: '420',
  noBalance: '430',
  outOfStock: '431',
  refusedByFault: '499',
} as const;

export class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type OrderStatus = 'completed' | 'processing' | 'failed';

export interface SandboxOrder {
  kind: 'topup' | 'voucher';
  reference_no: string;
  /** What was ordered: the same reference with another fingerprint is refused. */
  fingerprint: string;
  transaction_id: string;
  order_status: OrderStatus;
  reason?: string;
  /** USD cents debited. */
  amount: number;
  product: string;
  /** Voucher codes, held from stock at commit, shown once completed. */
  codes: string[];
}

export interface UnipinFaults {
  /** The next N order calls commit, then never answer. */
  timeoutAfterCommit: number;
  /** The next N calls (any UniPin path) answer 500 without doing anything. */
  fail5xx: number;
  /** The next order call is refused with this reason, nothing committed. */
  refuse: string | null;
  /** Every inquiry waits this long before answering. */
  slowInquiryMs: number;
  /** New orders stay `processing` until `complete` settles them. */
  pending: boolean;
}

const noFaults = (): UnipinFaults => ({
  timeoutAfterCommit: 0,
  fail5xx: 0,
  refuse: null,
  slowInquiryMs: 0,
  pending: false,
});

const newCode = (product: string) =>
  `${product.replace(/[^A-Z0-9]/g, '')}-${randomBytes(6).toString('hex').toUpperCase()}`;

export function createUnipinState(initialBalance: number) {
  const s = {
    balance: initialBalance,
    stock: new Map(VOUCHERS.map((v) => [v.code, Array.from({ length: v.stock }, () => newCode(v.code))])),
    orders: new Map<string, SandboxOrder>(),
    tokens: new Map<string, { gameCode: string; uid: string }>(),
    ordersCreated: new Map<string, number>(),
    calls: new Map<string, number>(),
    faults: noFaults(),
  };

  function validate(body: Record<string, unknown>) {
    const gameCode = String(body.game_code ?? '');
    const fields = (body.fields && typeof body.fields === 'object' ? body.fields : {}) as Record<
      string,
      unknown
    >;
    const uid = String(fields.userid ?? '');
    if (!GAMES.some((g) => g.code === gameCode)) throw new Refusal(ERR.productNotFound, 'Game not found');
    if (!UID_PATTERN.test(uid) || UNKNOWN_PLAYERS.has(uid))
      throw new Refusal(ERR.playerNotFound, 'User ID not found');
    const token = randomBytes(16).toString('hex');
    s.tokens.set(token, { gameCode, uid });
    return { username: KNOWN_PLAYERS[uid] ?? `Player ${uid.slice(-4)}`, validation_token: token };
  }

  /** The order with this reference if the same thing was ordered; a refusal if something else was. */
  function existing(reference: string, fingerprint: string): SandboxOrder | undefined {
    const order = s.orders.get(reference);
    if (order && order.fingerprint !== fingerprint)
      throw new Refusal(ERR.referenceReused, 'reference_no already used for another order');
    return order;
  }

  function commit(order: Omit<SandboxOrder, 'transaction_id' | 'order_status'>): SandboxOrder {
    if (s.faults.refuse !== null) {
      const reason = s.faults.refuse;
      s.faults.refuse = null;
      throw new Refusal(ERR.refusedByFault, reason);
    }
    if (order.amount > s.balance) throw new Refusal(ERR.noBalance, 'Insufficient balance');
    s.balance -= order.amount;
    const saved: SandboxOrder = {
      ...order,
      transaction_id: `UP${Date.now()}${randomBytes(3).toString('hex').toUpperCase()}`,
      order_status: s.faults.pending ? 'processing' : 'completed',
    };
    s.orders.set(order.reference_no, saved);
    s.ordersCreated.set(order.reference_no, (s.ordersCreated.get(order.reference_no) ?? 0) + 1);
    return saved;
  }

  function createTopup(body: Record<string, unknown>): SandboxOrder {
    const reference = requireText(body, 'reference_no');
    const gameCode = requireText(body, 'game_code');
    const denominationId = requireText(body, 'denomination_id');
    const player = s.tokens.get(requireText(body, 'validation_token'));
    if (!player || player.gameCode !== gameCode) throw new Refusal(ERR.badToken, 'Invalid validation_token');
    const fingerprint = `topup|${gameCode}|${denominationId}|${player.uid}`;
    const found = existing(reference, fingerprint);
    if (found) return found;
    const denomination = findDenomination(gameCode, denominationId);
    if (!denomination) throw new Refusal(ERR.productNotFound, 'Denomination not found');
    return commit({
      kind: 'topup',
      reference_no: reference,
      fingerprint,
      amount: denomination.price,
      product: denominationId,
      codes: [],
    });
  }

  function requestVoucher(body: Record<string, unknown>): SandboxOrder {
    const reference = requireText(body, 'reference_no');
    const code = requireText(body, 'voucher_code');
    const qty = Number(body.qty ?? 1);
    if (!Number.isInteger(qty) || qty < 1 || qty > 10) throw new Refusal(ERR.badRequest, 'Invalid qty');
    const found = existing(reference, `voucher|${code}|${qty}`);
    if (found) return found;
    const product = VOUCHERS.find((v) => v.code === code);
    const stock = s.stock.get(code);
    if (!product || !stock) throw new Refusal(ERR.productNotFound, 'Voucher not found');
    if (stock.length < qty) throw new Refusal(ERR.outOfStock, 'Out of stock');
    const order = commit({
      kind: 'voucher',
      reference_no: reference,
      fingerprint: `voucher|${code}|${qty}`,
      amount: product.price * qty,
      product: code,
      codes: stock.slice(0, qty),
    });
    stock.splice(0, qty); // only once the order is committed (a refusal above keeps the stock)
    return order;
  }

  function inquire(kind: 'topup' | 'voucher', body: Record<string, unknown>): SandboxOrder {
    const order = s.orders.get(requireText(body, 'reference_no'));
    if (!order || order.kind !== kind) throw new Refusal(ERR.orderNotFound, 'Order not found');
    return order;
  }

  /** A processing order settles (UniPin's side finishing); a failed one gives the money and codes back. */
  function complete(reference: string, outcome: 'completed' | 'failed', reason = 'Failed at the publisher') {
    const order = s.orders.get(reference);
    if (!order || order.order_status !== 'processing') throw new Error(`No processing order ${reference}`);
    order.order_status = outcome;
    if (outcome === 'failed') {
      order.reason = reason;
      s.balance += order.amount;
      s.stock.get(order.product)?.unshift(...order.codes);
      order.codes = [];
    }
  }

  return {
    s,
    validate,
    createTopup,
    requestVoucher,
    inquire,
    complete,
    clearFaults: () => void (s.faults = noFaults()),
  };
}

function requireText(body: Record<string, unknown>, field: string): string {
  const v = body[field];
  if ((typeof v !== 'string' && typeof v !== 'number') || String(v) === '')
    throw new Refusal(ERR.badRequest, `${field} is required`);
  return String(v);
}

/** An order as UniPin answers it (create, request and inquiry alike). */
export function orderAnswer(order: SandboxOrder) {
  return {
    status: 1,
    reference_no: order.reference_no,
    transaction_id: order.transaction_id,
    order_status: order.order_status,
    amount: wireMoney(order.amount),
    currency: SANDBOX_CURRENCY,
    ...(order.reason && { reason: order.reason }),
    ...(order.kind === 'voucher' &&
      order.order_status === 'completed' && { items: order.codes.map((code) => ({ code })) }),
  };
}
