import { idempotencyWrite } from '../../db/orders/idempotency';
import type { OrderContext } from '../../db/orders/order-context';
import { getOrder, putOrderWrite } from '../../db/orders/order-items';
import { putSupplierOrderWrite } from '../../db/fulfilment/supplier-order-items';
import { transact, WriteRefused } from '../../db/transact';
import { balanceWrites, readBalance } from '../../db/wallet/balance';
import type { OrderItem } from '../../domain/model';
import { newSupplierOrder } from '../../domain/fulfilment/supplier-order';
import type { StoredFulfilment } from '../../domain/fulfilment/variant-fulfilment';
import { insufficientBalance } from '../../domain/refusals';
import { sendSupplierOrder, type FulfilmentDeps } from '../fulfilment/send';
import {
  PROMO_WRITES,
  promoUseWrites,
  type OrderDeps,
  type OrderRequest,
  type PlacedOrder,
} from './order-request';

/**
 * Wallet orders of a variant a supplier or an operator fulfils (issue 31): one transaction debits
 * the balance, writes the order `processing` (paid) and its supplier-order record, before any
 * call to the supplier. Undefined when another request of the key won the race.
 */
export async function buyDeferredWithWallet(
  deps: OrderDeps,
  req: OrderRequest,
  ctx: OrderContext,
  base: OrderItem,
  fulfilment: StoredFulfilment,
): Promise<PlacedOrder | undefined> {
  const { db } = deps;
  const now = new Date(base.created_at);
  const nowIso = base.created_at;
  const price = base.total_amount;
  const order: OrderItem = { ...base, status: 'processing', paid_at: nowIso, fulfilment };
  const record = newSupplierOrder(order, fulfilment, now);
  for (let attempt = 0; attempt < 8; attempt++) {
    const balance = attempt === 0 ? ctx.profile?.balance : await readBalance(db, req.caller.userId);
    if (balance === undefined || balance < price) throw insufficientBalance();
    const change = balanceWrites(db.table, balance, {
      userId: base.user_id,
      delta: -price,
      reason: 'order',
      reference: base.id,
      now: nowIso,
    });
    try {
      await transact(db, [
        ...change.writes,
        putOrderWrite(db.table, order),
        putSupplierOrderWrite(db.table, record),
        ...promoUseWrites(db.table, order, ctx),
        idempotencyWrite(db.table, {
          userId: base.user_id,
          key: req.idempotencyKey,
          orderId: base.id,
          fingerprint: req.fingerprint,
          now,
        }),
      ]);
      return { order, paymentUrl: null, balance: change.balanceAfter };
    } catch (error) {
      if (!(error instanceof WriteRefused)) throw error;
      if (error.has('idempotency', ...PROMO_WRITES)) return undefined;
      if (!error.has('balance')) throw error;
    }
  }
  throw insufficientBalance();
}

/**
 * Right after the commit, in the same request, for speed: send the order to its supplier (the
 * claim lets one sender through; a retried request that finds it sent or sending sends nothing)
 * and answer with the order as it stands after. Without a supplier client in `deps`, or on any
 * error, the fulfilment job sends it (its safety net: a record left `pending_send`).
 */
export async function dispatchPlaced(
  deps: Partial<Pick<FulfilmentDeps, 'supplier' | 'log'>> & Pick<FulfilmentDeps, 'db' | 'now'>,
  placed: PlacedOrder,
): Promise<PlacedOrder> {
  const { order } = placed;
  if (!deps.supplier || order.status !== 'processing' || !order.fulfilment) return placed;
  try {
    await sendSupplierOrder({ ...deps, supplier: deps.supplier }, order.id);
  } catch (error) {
    deps.log?.warn('dispatch after commit failed; the job will send it', {
      order: order.id,
      error: String(error),
    });
    return placed;
  }
  const now = (await getOrder(deps.db, order.id)) ?? order;
  // Refused at once: the money is already back in the wallet; answer the balance after it.
  const balance =
    now.status === 'refunded' && placed.balance !== null
      ? ((await readBalance(deps.db, order.user_id)) ?? placed.balance)
      : placed.balance;
  return { ...placed, order: now, balance };
}
