import type { Db } from '../../db/client';
import { getVariant } from '../../db/catalog/catalog-items';
import { putSupplierOrderWrite } from '../../db/fulfilment/supplier-order-items';
import { orderTransitionWrites } from '../../db/orders/order-items';
import { transact, type Write } from '../../db/transact';
import { balanceWrites, readBalance, type BalanceChange } from '../../db/wallet/balance';
import type { OrderItem, PaymentItem } from '../../domain/model';
import { newSupplierOrder } from '../../domain/fulfilment/supplier-order';
import { deferredFulfilment } from '../../domain/fulfilment/variant-fulfilment';
import { lateRefundsOrder } from '../../domain/payments/settlement';
import { dispatchPlaced } from '../orders/deferred-order';
import type { FulfilmentDeps } from './send';

/** The supplier's voucher a stock package falls back on when its codes ran out (none: undefined). */
async function justInTime(db: Db, order: OrderItem) {
  if (order.fulfilment || order.paid_at || !lateRefundsOrder(order)) return undefined;
  const variant = await getVariant(db, order.product_variant_id);
  const f = variant && deferredFulfilment(variant, 0);
  return f?.kind === 'supplier_voucher' ? f : undefined;
}

/**
 * A gateway payment that came after its order's code hold ended, with no code left: a package
 * that names a supplier's voucher buys one just in time instead of crediting the money to the
 * wallet. The payment's completion, the order (`processing`, paid) and its supplier-order record
 * commit together; then the voucher is requested at once. False when the package has no voucher.
 */
export async function startLateVoucher(
  deps: Pick<FulfilmentDeps, 'db' | 'now' | 'log'> & Partial<Pick<FulfilmentDeps, 'supplier'>>,
  ctx: {
    payment: PaymentItem;
    order: OrderItem;
    completed: Write;
    excess?: { credit: BalanceChange; writes: Write[] };
    now: string;
  },
): Promise<boolean> {
  const { db } = deps;
  const { order, now } = ctx;
  const jit = await justInTime(db, order);
  if (!jit) return false;
  const balance = ctx.excess ? await readBalance(db, ctx.payment.user_id) : undefined;
  await transact(db, [
    ctx.completed,
    ...orderTransitionWrites(db.table, order, 'processing', now, { paid_at: now, fulfilment: jit }, [
      'failure_reason',
      'code_id',
    ]),
    putSupplierOrderWrite(db.table, newSupplierOrder(order, jit, new Date(now))),
    ...(ctx.excess
      ? [...balanceWrites(db.table, balance ?? 0, ctx.excess.credit).writes, ...ctx.excess.writes]
      : []),
  ]);
  await dispatchPlaced(deps, {
    order: { ...order, status: 'processing', fulfilment: jit },
    paymentUrl: null,
    balance: null,
  });
  return true;
}
