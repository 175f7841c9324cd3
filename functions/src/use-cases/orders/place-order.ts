import type { PlaceOrderBody } from '@khelaghor/contract/schemas/orders';
import { ulid } from 'ulid';
import { getPayment } from '../../db/payments/payment-items';
import {
  idempotencyWrite,
  keyReused,
  readFirstRequest,
  requestFingerprint,
  type FirstRequest,
} from '../../db/orders/idempotency';
import { buyerKeys, contextFrom, readOrderContext, type OrderContext } from '../../db/orders/order-context';
import { catalogForOrder } from '../../db/catalog/catalog-items';
import type { ItemKey } from '../../db/batch-get';
import type { Found } from '../../db/stock/claim-code';
import { putOrderWrite, getOrder } from '../../db/orders/order-items';
import { callbackWrites } from '../../db/resellers/callback-items';
import { claimCode } from '../../db/stock/claim-code';
import { savedPlayerWrites } from '../../db/players/saved-players';
import { WriteRefused } from '../../db/transact';
import { balanceWrites, readBalance } from '../../db/wallet/balance';
import { withWalletTurn } from '../../db/wallet/wallet-turn';
import type { OrderItem } from '../../domain/model';
import { badGateway, conflict, insufficientBalance, isRefusal, notFound } from '../../domain/refusals';
import { deferredFulfilment, type StoredFulfilment } from '../../domain/fulfilment/variant-fulfilment';
import { buyDeferredWithWallet, dispatchPlaced } from './deferred-order';
import { resumeOrderCharge } from '../payments/start-charge';
import {
  claimFor,
  draftOrder,
  PROMO_WRITES,
  promoUseWrites,
  stockFor,
  TwinWon,
  type OrderDeps,
  type OrderRequest,
  resellerDraft,
  type ResellerPricing,
  type PlacedOrder,
} from './order-request';
import { reserveGatewayOrder } from './reserve-order';

/**
 * POST /api/orders. Price, total and user come from the table and the token. The same
 * Idempotency-Key with the same body returns the first order (and its one checkout URL); with
 * another body it is refused (422); while the first request is still creating the checkout the
 * retry waits briefly, then answers 409.
 */
export async function placeOrder(
  deps: OrderDeps,
  caller: { userId: string; email: string },
  body: PlaceOrderBody,
  idempotencyKey: string,
  reseller?: ResellerPricing,
): Promise<PlacedOrder> {
  const req: OrderRequest = {
    caller,
    body,
    idempotencyKey,
    fingerprint: requestFingerprint(body),
    requestId: ulid(),
    reseller,
  };
  // Each round lost is another request's commit (of this key, an unpaid slot, a promo code's last
  // use), so the rounds end: five at least, more while ROUNDS_MS lasts (five requests of one
  // buyer for two unpaid slots, slowed by conflicts, could run out of five: 409, not the 429).
  const until = Date.now() + ROUNDS_MS;
  for (let round = 0; round < 5 || Date.now() < until; round++) {
    if (round > 0) await new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 20 * 2 ** round)));
    if (body.payment_method === 'wallet') {
      const sold = await buyByTicket(deps, req);
      if (sold === 'read-again') continue;
      if (sold !== 'not-by-ticket') return sold;
    }
    const ctx = await readOrderContext(
      deps.db,
      caller.userId,
      body.variant_id,
      idempotencyKey,
      body.promo_code || undefined,
    );
    if (ctx.first) return replayOrder(deps, req, ctx.first);
    const draft = resellerDraft(req, draftOrder(req, ctx, deps.now().toISOString()));
    const deferred = ctx.variant && deferredFulfilment(ctx.variant, ctx.variant.stock);
    const place = (f: StoredFulfilment | undefined) =>
      body.payment_method === 'wallet'
        ? f
          ? buyDeferredWithWallet(deps, req, ctx, draft, f)
          : buyWithWallet(deps, req, ctx, draft)
        : reserveGatewayOrder(deps, req, ctx, draft, f);
    const placed = await place(deferred)
      .catch((error: unknown) => {
        // The last code went while we claimed it: a stock variant backed by a supplier's voucher
        // buys one just in time instead of answering 'Out of stock'.
        const jit = ctx.variant && deferredFulfilment(ctx.variant, 0);
        if (!deferred && jit && isRefusal(error, 'out_of_stock')) return place(jit);
        throw error;
      })
      .catch((error: unknown) => {
        // Our own retry's twin took the last code: answer with its order (read again below). 'Out of
        // stock' is only answered from a read that also looked for the twin's order (the context
        // read, or the claim's recount), so a twin that won is never missed for another call.
        if (error instanceof TwinWon) return undefined;
        throw error;
      });
    if (placed) return dispatchPlaced(deps, placed);
    // Another request of this key committed first (or took our unpaid slot, or the promo code's
    // last use): read again.
  }
  throw conflict('Too many requests for this order right now. Please try again.');
}

/**
 * Wallet: one transaction debits the balance, delivers a code and writes the completed order, the
 * ledger entry and the idempotency key. Undefined when another request of the key won the race.
 */
async function buyWithWallet(
  deps: OrderDeps,
  req: OrderRequest,
  ctx: OrderContext,
  draft: OrderItem,
  /** The ticket path: the buyer's items are read with the ticket, and the order drafted from them. */
  along?: {
    keys: ItemKey[];
    /** Throws to stop (Replay); undefined for a refused buyer's read (its key only). */
    decide: (found: Found, ticket: boolean) => { ctx: OrderContext; base: OrderItem } | undefined;
  },
): Promise<PlacedOrder | undefined> {
  const { db } = deps;
  let base = draft;
  const now = new Date(base.created_at);
  const nowIso = base.created_at;
  // 'Insufficient balance' only from a balance read that is short: never for lost races.
  const covering = (balance: number | undefined) => {
    if (balance === undefined || balance < base.total_amount) throw insufficientBalance();
    return balance;
  };
  let balance = along ? 0 : covering(ctx.profile?.balance);
  let balanceAfter = balance;
  let order = base;
  const deadline = Date.now() + WALLET_BUDGET_MS;
  let tries = 0;
  try {
    await claimCode(db, {
      ...claimFor(base),
      ...(along
        ? {
            readAlong: along.keys,
            // A refused buyer needs only its key: did its twin win?
            readWhenRefused: stockFor(req).readAlong,
            onRead: (found: Found, ticket: boolean) => {
              const decided = along.decide(found, ticket);
              if (!decided) return;
              ({ ctx, base } = decided);
              order = base;
              balance = covering(ctx.profile?.balance);
            },
          }
        : stockFor(req)),
      mode: 'deliver',
      // A buyer's first try races with the balance read with the order's context (one order of
      // an account at a time costs nothing more). Once it lost to another change of the balance,
      // the account's orders queue for it (wallet-turn.ts), each with its code already locked:
      // inside the turn only a fresh read of the balance and the transaction. A reseller's
      // orders queue from the first try: an integration sends them in bursts, and 100 first
      // tries at once on one balance cancel each other for seconds before any queues.
      aroundTransaction: (send) =>
        tries++ === 0 && !req.reseller
          ? send()
          : withWalletTurn(db, req.caller.userId, deadline, async () => {
              balance = covering(await readBalance(db, req.caller.userId));
              await send();
            }),
      // Refused on the balance alone (another order or a top-up went first): try again in the turn.
      retryRefused: async (refused) => {
        if (!refused.has('balance') || refused.has('idempotency', ...PROMO_WRITES)) return false;
        if (Date.now() > deadline) throw conflict('Your wallet is busy. Please try again.');
        // Already short: the true answer now, without queueing for the turn to learn it.
        covering(await readBalance(db, req.caller.userId));
        return true;
      },
      // Counted for 'Popular' by its ticket (tickets.ts): the order writes no count of its own.
      extraWrites: (code) => {
        const change = balanceWrites(db.table, balance, {
          userId: base.user_id,
          delta: -base.total_amount,
          reason: 'order',
          reference: base.id,
          now: nowIso,
        });
        balanceAfter = change.balanceAfter;
        order = { ...base, status: 'completed', code_id: code.id, paid_at: nowIso, sales_counted: true };
        return [
          ...change.writes,
          putOrderWrite(db.table, order),
          ...promoUseWrites(db.table, order, ctx),
          // A reseller's order is born completed: its callback commits with it.
          ...callbackWrites(db.table, order, 'completed', nowIso, {}, 'new'),
          // Its player is remembered on the account in the same transaction.
          ...savedPlayerWrites(db.table, order, nowIso),
          idempotencyWrite(db.table, {
            userId: base.user_id,
            key: req.idempotencyKey,
            orderId: base.id,
            fingerprint: req.fingerprint,
            now,
          }),
        ];
      },
    });
    return { order, paymentUrl: null, balance: balanceAfter };
  } catch (error) {
    // Another request of this key won, or the code changed or ran out of uses: read again.
    if (error instanceof WriteRefused && error.has('idempotency', ...PROMO_WRITES)) return undefined;
    throw error;
  }
}

/** An earlier request with this Idempotency-Key made an order: answer with it. */
class Replay extends Error {
  constructor(readonly first: NonNullable<OrderContext['first']>) {
    super('replay');
  }
}

/**
 * A wallet order of a package sold from codes, the way a flash sale's buyers come: the package and
 * its product from the container's short cache, a ticket first, then one read of the ticket's code
 * with the buyer's own items (its key's first order, balance, promo use), then the transaction
 * (claimCode). 'not-by-ticket' sends the order the general way: a package a supplier or an
 * operator fulfils, one the cache does not know, a draft it refuses (the general way reads the
 * key's first order before it answers), or a sold-out package whose supplier sells just in time.
 */
async function buyByTicket(
  deps: OrderDeps,
  req: OrderRequest,
): Promise<PlacedOrder | 'not-by-ticket' | 'read-again'> {
  const catalog = await catalogForOrder(deps.db, req.body.variant_id);
  if (!catalog || deferredFulfilment(catalog.variant, 1)) return 'not-by-ticket';
  const nowIso = deps.now().toISOString();
  // Stock is the ticket's to say: drafted as if a code is left.
  const known = { variant: { ...catalog.variant, stock: 1 }, product: catalog.product };
  const empty: OrderContext = { ...known, slots: [] };
  let draft: OrderItem;
  try {
    draft = resellerDraft(req, draftOrder(req, empty, nowIso));
  } catch (error) {
    if (isRefusal(error)) return 'not-by-ticket';
    throw error;
  }
  const buyer = {
    userId: req.caller.userId,
    idempotencyKey: req.idempotencyKey,
    promoCode: req.body.promo_code || undefined,
  };
  try {
    const placed = await buyWithWallet(deps, req, empty, draft, {
      keys: buyerKeys(buyer, true),
      decide: (found, ticket) => {
        const ctx = contextFrom(found, buyer, known);
        if (ctx.first) throw new Replay(ctx.first);
        return ticket ? { ctx, base: resellerDraft(req, draftOrder(req, ctx, nowIso, draft.id)) } : undefined;
      },
    });
    return placed ? dispatchPlaced(deps, placed) : 'read-again';
  } catch (error) {
    if (error instanceof Replay) return replayOrder(deps, req, error.first);
    if (isRefusal(error, 'out_of_stock') && deferredFulfilment(catalog.variant, 0)) return 'not-by-ticket';
    throw error;
  }
}

/** How long placeOrder keeps reading again after lost rounds (a wallet round has its own budget). */
const ROUNDS_MS = 8_000;

/**
 * How long a wallet order waits for its account's wallet turn while other orders of it go first:
 * well inside the API's 29 s, so a buyer (or a reseller's 100 parallel calls) always gets its
 * answer, and an order is never charged after its caller was told it failed.
 */
const WALLET_BUDGET_MS = 20_000;

/** The first result of a key: the same order, its one checkout URL, or the refusals of the draft. */
async function replayOrder(deps: OrderDeps, req: OrderRequest, first?: FirstRequest): Promise<PlacedOrder> {
  first ??= await readFirstRequest(deps.db, req.caller.userId, req.idempotencyKey);
  if (!first) throw new Error('idempotency key vanished');
  if (first.fingerprint && first.fingerprint !== req.fingerprint) throw keyReused();
  const order = await getOrder(deps.db, first.orderId);
  if (!order || order.user_id !== req.caller.userId) throw notFound('Order not found');
  if (order.payment_method === 'wallet') {
    // A retry of a request that died before sending sends it now (the claim lets one through).
    const sent = await dispatchPlaced(deps, { order, paymentUrl: null, balance: null });
    return { ...sent, balance: (await readBalance(deps.db, req.caller.userId)) ?? 0 };
  }
  const payment = order.payment_id ? await getPayment(deps.db, order.payment_id) : undefined;
  if (payment?.payment_url) return { order, payment, paymentUrl: payment.payment_url, balance: null };
  // The first request could not get a checkout from the gateway: answer as it did.
  if (order.status === 'failed' && order.failure_reason === 'gateway_error')
    throw badGateway('Payment URL not received');
  if (payment && payment.status === 'pending' && order.status === 'pending')
    return resumeOrderCharge(deps, order, payment, req.requestId);
  return { order, payment, paymentUrl: null, balance: null };
}

export type { OrderDeps, PlacedOrder };
