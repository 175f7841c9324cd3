import type { Db } from '../../db/client';
import { claimQueuedRecord, getSupplierOrder } from '../../db/fulfilment/supplier-order-items';
import type { SupplierOrderItem } from '../../domain/fulfilment/supplier-order';
import { said } from '@khelaghor/contract/api-messages';
import { conflict, notFound } from '../../domain/refusals';
import { completeFulfilment, refundFulfilment, type Ended } from './finish';
import type { FulfilmentDeps } from './send';

/**
 * The operator's side of the state machine, for the admin's Fulfilment queue (handlers and UI:
 * the fulfilment admin's work). A queued record is claimed by one operator (a conditional write:
 * two operators never work the same order); 'Done' needs proof and completes the order; 'Failed'
 * refunds it to the wallet once. Both end through finish.ts, like the supplier's answers.
 */

/** Claims a queued order for `adminId`; the same admin claiming again keeps it. */
export async function claimQueued(
  deps: Pick<FulfilmentDeps, 'db' | 'now'>,
  orderId: string,
  adminId: string,
): Promise<SupplierOrderItem> {
  const now = deps.now().toISOString();
  const current = await getSupplierOrder(deps.db, orderId);
  if (!current) throw notFound('This order is not in the Fulfilment queue');
  if (current.state !== 'queued') throw conflict(said('fulfilment_not_waiting', { state: current.state }));
  if (current.claimed_by === adminId) return current;
  if (current.claimed_by) throw conflict('Another admin is already working on this order');
  // Two operators at once: the write's condition (queued, unclaimed) lets one through.
  const claimed = await claimQueuedRecord(deps.db, orderId, adminId, now);
  if (!claimed) throw conflict('Another admin is already working on this order');
  return claimed;
}

async function claimedBy(db: Db, orderId: string, adminId: string): Promise<SupplierOrderItem> {
  const record = await getSupplierOrder(db, orderId);
  if (!record) throw notFound('This order is not in the Fulfilment queue');
  if (record.state !== 'queued') throw conflict(said('fulfilment_not_waiting', { state: record.state }));
  if (record.claimed_by !== adminId) throw conflict('Please claim this order first');
  return record;
}

/** 'Done' with proof (the game's transaction id or a note): the order completes once. */
export async function completeQueued(
  deps: Pick<FulfilmentDeps, 'db' | 'now'>,
  orderId: string,
  adminId: string,
  proof: string,
): Promise<Ended> {
  await claimedBy(deps.db, orderId, adminId);
  return completeFulfilment(
    deps.db,
    { order_id: orderId },
    { supplierTransactionId: proof, proof },
    deps.now().toISOString(),
  );
}

/**
 * 'Failed': refunds the order to the wallet once. A supplier's order that went to the queue
 * unresolved is asked once more first: a supplier that has it completed or still working on it
 * must not be refunded as well (the buyer would get both).
 */
export async function failQueued(
  deps: FulfilmentDeps,
  orderId: string,
  adminId: string,
  reason: string,
): Promise<Ended> {
  const record = await claimedBy(deps.db, orderId, adminId);
  if (record.supplier && record.send_attempts > 0) {
    const supplier = await deps.supplier(record.supplier);
    const answer = supplier
      ? await supplier.inquire(orderId, record.kind === 'supplier_voucher' ? 'voucher' : 'topup')
      : undefined;
    if (answer?.kind === 'done' && answer.value.state === 'completed')
      return completeFulfilment(
        deps.db,
        record,
        { supplierTransactionId: answer.value.supplierTransactionId, code: answer.value.codes?.[0] },
        deps.now().toISOString(),
      );
    if (answer?.kind === 'done' && answer.value.state === 'processing')
      throw conflict(said('fulfilment_not_waiting', { state: 'sent' }));
    if (answer?.kind !== 'done') throw conflict('The order changed meanwhile. Please try again.');
  }
  return refundFulfilment(deps.db, record, reason, deps.now().toISOString());
}
