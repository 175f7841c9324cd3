import { SUPPLIER_PROMISE_MINUTES } from '@khelaghor/contract/facts';
import type { FulfilmentQueueItem } from '@khelaghor/contract/schemas/suppliers';
import type { Db } from '../../db/client';
import { batchGetItems, itemKey } from '../../db/batch-get';
import { keys } from '../../db/keys';
import { queuedSupplierOrders, type SupplierOrderItem } from '../../db/fulfilment/supplier-order-items';
import type { OrderItem } from '../../domain/model';
import { readOperatorMinutes } from '../catalog/catalog-view';

/** The contract's record: the item's optional fields as nulls (what the admin's screen reads). */
export function supplierOrderView(r: SupplierOrderItem) {
  return {
    order_id: r.order_id,
    kind: r.kind,
    state: r.state,
    supplier: r.supplier ?? null,
    supplier_product_id: r.supplier_product_id ?? null,
    game_code: r.game_code ?? null,
    player_uid: r.player_uid,
    player_zone: r.player_zone ?? null,
    send_attempts: r.send_attempts,
    inquiries: r.inquiries,
    next_check_at: r.next_check_at ?? null,
    lease_until: r.lease_until ?? null,
    unknown_since: r.unknown_since ?? null,
    queue_reason: r.queue_reason ?? null,
    queued_at: r.queued_at ?? null,
    claimed_by: r.claimed_by ?? null,
    claimed_at: r.claimed_at ?? null,
    supplier_transaction_id: r.supplier_transaction_id ?? null,
    proof: r.proof ?? null,
    reason: r.reason ?? null,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

const plusMinutes = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/**
 * The operator's queue, oldest first, each record with its order (one BatchGet) and the time the
 * buyer was promised: paid + the operator's minutes (site setting) for a manual order, + the
 * supplier's 5 minutes for an order a supplier should have done.
 */
export async function fulfilmentQueue(db: Db, adminId: string): Promise<FulfilmentQueueItem[]> {
  const [records, operatorMinutes] = await Promise.all([queuedSupplierOrders(db), readOperatorMinutes(db)]);
  const orders = await batchGetItems(
    db,
    records.map((r) => keys.order(r.order_id)),
  );
  return records.map((r) => {
    const order = orders.get(itemKey(keys.order(r.order_id))) as OrderItem | undefined;
    const paidAt = order?.paid_at ?? r.created_at;
    const minutes = r.kind === 'operator' ? operatorMinutes : SUPPLIER_PROMISE_MINUTES;
    return {
      ...supplierOrderView(r),
      product_name: order?.product_name ?? '',
      variant_name: order?.variant_name ?? '',
      total_amount: order?.total_amount ?? 0,
      user_email: order?.user_email ?? null,
      paid_at: paidAt,
      promised_by: plusMinutes(paidAt, minutes),
      mine: r.claimed_by === adminId,
    };
  });
}

/**
 * How many orders wait in the operator's queue because their supplier's outcome stayed unknown for
 * 10 minutes: the sweeper publishes it every run (SupplierOutcomesUnknown), and on AWS an alarm
 * pages at 1 (infra/src/monitoring.ts). It falls back to 0 once operators have settled them.
 */
export async function unknownOutcomesWaiting(db: Db): Promise<number> {
  return (await queuedSupplierOrders(db)).filter((r) => r.queue_reason === 'unknown_timeout').length;
}
