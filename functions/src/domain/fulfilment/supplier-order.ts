import {
  FULFILMENT_UNKNOWN_LIMIT_MS,
  type FulfilmentKind,
  type FulfilmentQueueReason,
  type FulfilmentState,
  type SupplierName,
} from '@khelaghor/contract/facts';
import type { OrderItem } from '../model';
import type { StoredFulfilment } from './variant-fulfilment';

/**
 * The supplier-order record of a paid order fulfilled by a supplier or an operator, and the
 * decisions that move it (docs/suppliers.md, "The order's life"). One record per shop order,
 * keyed by the order id and written in the transaction that takes the buyer's money, before any
 * call: that key is why one shop order can never make two supplier orders.
 */
export interface SupplierOrderItem {
  type: 'supplier_order';
  order_id: string;
  user_id: string;
  kind: Exclude<FulfilmentKind, 'stock'>;
  state: FulfilmentState;
  supplier?: SupplierName;
  supplier_product_id?: string;
  game_code?: string;
  player_uid: string;
  player_zone?: string;
  /** UniPin's validation token, when the name check kept one (else the sender validates first). */
  validation_token?: string;
  /** Times the right to send was claimed (each claim may have reached the supplier once). */
  send_attempts: number;
  inquiries: number;
  /** When the job looks at it next; absent once completed, refused or queued. */
  next_check_at?: string;
  /** The sender holding `sending`, and until when. */
  lease_owner?: string;
  lease_until?: string;
  /** When the first send was claimed: the 10 minutes to the operator's queue count from here. */
  sent_at?: string;
  unknown_since?: string;
  /** What the last inquiry said (not_found, processing, unknown: why). */
  last_inquiry?: string;
  queue_reason?: FulfilmentQueueReason;
  queued_at?: string;
  claimed_by?: string;
  claimed_at?: string;
  supplier_transaction_id?: string;
  proof?: string;
  reason?: string;
  created_at: string;
  updated_at: string;
}

/** Where an order stands at the supplier, as the adapters name it (clients/suppliers/supplier.ts). */
export type SupplierAnswer =
  | { kind: 'done'; value: SupplierState }
  | { kind: 'refused'; reason: string; code?: string }
  | { kind: 'unknown'; why: string };
type SupplierState =
  | { state: 'completed'; supplierTransactionId: string; codes?: string[] }
  | { state: 'processing'; supplierTransactionId?: string }
  | { state: 'failed'; reason: string }
  | { state: 'not_found' };

/** What to do with a record after a call. */
export type Step =
  | { to: 'completed'; supplierTransactionId: string; code?: string }
  | { to: 'refused'; reason: string }
  | { to: 'sent'; nextCheckAt: string }
  | { to: 'unknown'; nextCheckAt: string; why: string }
  | { to: 'queued'; reason: FulfilmentQueueReason; why: string };

/** The sender's lease: longer than a validate and a create call with their 8 s timeouts. */
export const SEND_LEASE_MS = 60_000;
/** A record still `pending_send` this long after it was written is sent by the job (a crashed request). */
const SAFETY_NET_MS = 30_000;
/** Inquiry back-off: 15 s, 30 s, 60 s, then every 2 minutes. */
const BACKOFF_MS = [15_000, 30_000, 60_000, 120_000];
export const inquiryDelay = (inquiries: number) => BACKOFF_MS[Math.min(inquiries, BACKOFF_MS.length - 1)]!;

const at = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/** Refusal codes that mean "our prepaid balance is too low": an operator tops it up. */
const BALANCE_CODES = new Set(['430', 'insufficient_balance']);

/** The record a paid order starts with: waiting to be sent, or in the operator's queue. */
export function newSupplierOrder(
  order: Pick<OrderItem, 'id' | 'user_id' | 'player_uid' | 'player_zone'>,
  f: StoredFulfilment,
  now: Date,
  validationToken?: string,
): SupplierOrderItem {
  const iso = now.toISOString();
  const kind = f.kind === 'stock' ? 'supplier_voucher' : f.kind;
  const base: SupplierOrderItem = {
    type: 'supplier_order',
    order_id: order.id,
    user_id: order.user_id,
    kind,
    state: 'pending_send',
    player_uid: order.player_uid,
    ...(order.player_zone && { player_zone: order.player_zone }),
    ...(f.supplier && { supplier: f.supplier }),
    ...(f.supplier_product_id && { supplier_product_id: f.supplier_product_id }),
    ...(f.game_code && { game_code: f.game_code }),
    ...(validationToken && { validation_token: validationToken }),
    send_attempts: 0,
    inquiries: 0,
    created_at: iso,
    updated_at: iso,
  };
  if (kind === 'operator' || !f.supplier || !f.supplier_product_id)
    return { ...base, state: 'queued', queue_reason: 'manual', queued_at: iso };
  return { ...base, next_check_at: at(now, SAFETY_NET_MS) };
}

/** Unknown (or the supplier still working) for too long since the first send: to the operator. */
function orTimeout(record: SupplierOrderItem, step: Step, now: Date): Step {
  if (step.to !== 'unknown' && step.to !== 'sent') return step;
  const since = Date.parse(record.sent_at ?? record.created_at);
  if (now.getTime() - since < FULFILMENT_UNKNOWN_LIMIT_MS) return step;
  return {
    to: 'queued',
    reason: 'unknown_timeout',
    why: step.to === 'unknown' ? step.why : 'the supplier is still processing it',
  };
}

function fromState(record: SupplierOrderItem, s: SupplierState, now: Date, why: string): Step {
  switch (s.state) {
    case 'completed': {
      const code = s.codes?.[0];
      if (record.kind === 'supplier_voucher' && !code)
        return { to: 'unknown', nextCheckAt: at(now, inquiryDelay(record.inquiries)), why: 'no code' };
      return { to: 'completed', supplierTransactionId: s.supplierTransactionId, ...(code && { code }) };
    }
    case 'processing':
      return { to: 'sent', nextCheckAt: at(now, inquiryDelay(record.inquiries)) };
    case 'failed':
      return { to: 'refused', reason: s.reason || 'refused by the supplier' };
    case 'not_found':
      // The supplier has no order under our reference (yet). Never sent again automatically
      // (DESIGN 12): asked again until the 10 minutes, then an operator decides.
      return { to: 'unknown', nextCheckAt: at(now, inquiryDelay(record.inquiries)), why };
  }
}

/** After the create (or voucher request) call of the sender holding the lease. */
export function afterSend(record: SupplierOrderItem, answer: SupplierAnswer, now: Date): Step {
  if (answer.kind === 'refused') {
    if (answer.code && BALANCE_CODES.has(answer.code))
      return { to: 'queued', reason: 'supplier_balance', why: answer.reason };
    return { to: 'refused', reason: answer.reason };
  }
  if (answer.kind === 'unknown')
    return { to: 'unknown', nextCheckAt: at(now, inquiryDelay(0)), why: answer.why };
  return fromState(record, answer.value, now, 'not found right after the create');
}

/** After an inquiry by our reference (the only way an unknown outcome is resolved). */
export function afterInquiry(record: SupplierOrderItem, answer: SupplierAnswer, now: Date): Step {
  const next = at(now, inquiryDelay(record.inquiries));
  const step: Step =
    answer.kind === 'done'
      ? fromState(record, answer.value, now, 'not_found')
      : // A refused or unanswered inquiry tells nothing about the order: ask again later.
        record.state === 'sent'
        ? { to: 'sent', nextCheckAt: next }
        : {
            to: 'unknown',
            nextCheckAt: next,
            why: answer.kind === 'unknown' ? answer.why : `inquiry refused: ${answer.reason}`,
          };
  return orTimeout(record, step, now);
}

/** States the job looks at (each carries next_check_at); the others wait for nobody or for an operator. */
export const DUE_STATES: readonly FulfilmentState[] = ['pending_send', 'sending', 'sent', 'unknown'];
/** States an order can still leave for completed or refused. */
export const OPEN_STATES: readonly FulfilmentState[] = [...DUE_STATES, 'queued'];
