import { ulid } from 'ulid';
import type { SupplierName } from '@khelaghor/contract/facts';
import type { Supplier } from '../../clients/suppliers/supplier';
import type { Db } from '../../db/client';
import { updateSupplierOrder, type SupplierOrderItem } from '../../db/fulfilment/supplier-order-items';
import {
  afterInquiry,
  afterSend,
  inquiryDelay,
  SEND_LEASE_MS,
  type Step,
} from '../../domain/fulfilment/supplier-order';
import type { FulfilmentState } from '@khelaghor/contract/facts';
import type { Logger } from '../../runtime/logger';
import { completeFulfilment, refundFulfilment } from './finish';

/**
 * What the fulfilment flows need. `supplier` gives the adapter of a set-up, active supplier, or
 * undefined (no credentials: the order goes to the operator). In a Lambda it is
 * use-cases/suppliers/supplier-config.ts's `supplierFor`; the tests point adapters at the sandboxes.
 */
export interface FulfilmentDeps {
  db: Db;
  now: () => Date;
  supplier: (name: SupplierName) => Promise<Supplier | undefined>;
  log?: Logger;
}

const iso = (d: Date) => d.toISOString();

/**
 * The supplier's adapter, or undefined when it is not set up or its settings cannot be read (the
 * secret store failing): before a send that queues the order for an operator, nothing sent; before
 * an inquiry it counts as no answer, so the 10 minutes still run.
 */
async function adapterOf(deps: FulfilmentDeps, name: SupplierName): Promise<Supplier | undefined> {
  try {
    return await deps.supplier(name);
  } catch (error) {
    deps.log?.error('supplier settings unreadable', { supplier: name, error: String(error) });
    return undefined;
  }
}
const later = (now: Date, ms: number) => iso(new Date(now.getTime() + ms));

/**
 * Carries a decided step out. Completed and refused end the order (finish.ts); sent, unknown and
 * queued move the record only, conditioned on the state it was read in (and on the lease for the
 * sender), so a sender whose lease the job already took back writes nothing.
 */
async function apply(
  deps: FulfilmentDeps,
  record: SupplierOrderItem,
  step: Step,
  guard: { from: readonly FulfilmentState[]; leaseOwner?: string; inquired?: boolean },
): Promise<FulfilmentState | 'already'> {
  const now = deps.now();
  if (step.to === 'completed') {
    const r = await completeFulfilment(deps.db, record, step, iso(now));
    return r === 'completed' ? 'completed' : 'already';
  }
  if (step.to === 'refused') {
    const r = await refundFulfilment(deps.db, record, step.reason, iso(now));
    return r === 'refunded' ? 'refused' : 'already';
  }
  const moved = await updateSupplierOrder(deps.db, record.order_id, {
    from: guard.from,
    ...(guard.leaseOwner && { leaseOwner: guard.leaseOwner }),
    set:
      step.to === 'queued'
        ? {
            state: 'queued',
            queue_reason: step.reason,
            queued_at: iso(now),
            reason: step.why.slice(0, 300),
            next_check_at: undefined,
            lease_owner: undefined,
            lease_until: undefined,
          }
        : step.to === 'sent'
          ? { state: 'sent', next_check_at: step.nextCheckAt, lease_owner: undefined, lease_until: undefined }
          : {
              state: 'unknown',
              next_check_at: step.nextCheckAt,
              unknown_since: record.unknown_since ?? iso(now),
              reason: step.why.slice(0, 300),
              lease_owner: undefined,
              lease_until: undefined,
            },
    ...(guard.inquired && { add: { inquiries: 1 } }),
    now: iso(now),
  });
  if (!moved) return 'already';
  if (step.to === 'queued')
    deps.log?.warn('fulfilment queued for an operator', { order: record.order_id, reason: step.reason });
  return moved.state;
}

/**
 * Sends the order to its supplier, if this caller wins the right to: the one conditional write
 * `pending_send` → `sending` (with a lease) lets exactly one sender call, whoever else tries (the
 * request that placed the order, a retried request, two job runs). Nothing is sent otherwise.
 */
export async function sendSupplierOrder(
  deps: FulfilmentDeps,
  orderId: string,
): Promise<FulfilmentState | 'already'> {
  const owner = ulid();
  const start = deps.now();
  const leaseUntil = later(start, SEND_LEASE_MS);
  const claimed = await updateSupplierOrder(deps.db, orderId, {
    from: ['pending_send'],
    set: {
      state: 'sending',
      lease_owner: owner,
      lease_until: leaseUntil,
      next_check_at: leaseUntil,
      sent_at: iso(start),
    },
    add: { send_attempts: 1 },
    now: iso(start),
  });
  if (!claimed?.supplier || !claimed.supplier_product_id) return 'already';
  const mine = { from: ['sending'] as const, leaseOwner: owner };
  const supplier = await adapterOf(deps, claimed.supplier);
  if (!supplier)
    return apply(
      deps,
      claimed,
      { to: 'queued', reason: 'supplier_unavailable', why: 'supplier not set up' },
      mine,
    );
  const reference = claimed.order_id;
  if (claimed.kind === 'supplier_voucher') {
    const answer = await supplier.requestVoucher({ reference, productId: claimed.supplier_product_id });
    return apply(deps, claimed, afterSend(claimed, answer, deps.now()), mine);
  }
  let token = claimed.validation_token;
  if (supplier.name === 'unipin' && !token) {
    // UniPin's create needs a fresh validation token; the check itself orders nothing.
    const check = await supplier.validatePlayer({
      productId: claimed.supplier_product_id,
      gameCode: claimed.game_code,
      playerUid: claimed.player_uid,
      zoneId: claimed.player_zone,
    });
    if (check.kind === 'refused') return apply(deps, claimed, { to: 'refused', reason: check.reason }, mine);
    if (check.kind === 'unknown') {
      // Nothing was ordered: give the right to send back, for the job to try again later.
      const back = await updateSupplierOrder(deps.db, orderId, {
        ...mine,
        set: {
          state: 'pending_send',
          next_check_at: later(deps.now(), inquiryDelay(claimed.send_attempts)),
          reason: `validation: ${check.why}`.slice(0, 300),
          lease_owner: undefined,
          lease_until: undefined,
        },
        now: iso(deps.now()),
      });
      return back?.state ?? 'already';
    }
    token = check.value.validationToken;
  }
  const answer = await supplier.createTopup({
    reference,
    productId: claimed.supplier_product_id,
    gameCode: claimed.game_code,
    playerUid: claimed.player_uid,
    zoneId: claimed.player_zone,
    validationToken: token,
  });
  return apply(deps, claimed, afterSend(claimed, answer, deps.now()), mine);
}

/**
 * Asks the supplier where the order stands, by our reference: how `sent` and `unknown` records
 * end. A `sending` record whose lease ran out (its sender crashed or hung, maybe after the
 * supplier committed) first becomes `unknown`, conditioned on that same lease: it is never sent
 * again, only inquired.
 */
export async function inquireSupplierOrder(
  deps: FulfilmentDeps,
  read: SupplierOrderItem,
): Promise<FulfilmentState | 'already'> {
  let record: SupplierOrderItem | undefined = read;
  const now = deps.now();
  if (record.state === 'sending') {
    if (!record.lease_until || Date.parse(record.lease_until) > now.getTime()) return 'already';
    record = await updateSupplierOrder(deps.db, record.order_id, {
      from: ['sending'],
      ...(record.lease_owner && { leaseOwner: record.lease_owner }),
      set: {
        state: 'unknown',
        unknown_since: iso(now),
        reason: 'the sender did not finish',
        next_check_at: iso(now),
        lease_owner: undefined,
        lease_until: undefined,
      },
      now: iso(now),
    });
    if (!record) return 'already';
  }
  if (record.state !== 'sent' && record.state !== 'unknown') return 'already';
  if (!record.supplier) return 'already';
  const supplier = await adapterOf(deps, record.supplier);
  const answer = supplier
    ? await supplier.inquire(record.order_id, record.kind === 'supplier_voucher' ? 'voucher' : 'topup')
    : ({ kind: 'unknown', why: 'supplier not set up' } as const);
  return apply(deps, record, afterInquiry(record, answer, deps.now()), {
    from: [record.state],
    inquired: true,
  });
}
