import type { Db } from '../client';
import { getItem } from '../batch-get';
import { keys } from '../keys';
import { write, type Write } from '../transact';

/**
 * A TrxID's one item shop-wide: `payment_ids`, the requests that name it and wait or were decided
 * (a string set), and `approved_payment_id`, the one request credited with it. Every write below is
 * a condition inside the request's own transaction, so:
 * - a TrxID is credited once: approving sets `approved_payment_id` only while it is absent;
 * - a squatter cannot lock the real payer out: while nothing is credited a second account's claim
 *   is taken too, and the admin sees the requests side by side (use-cases/wallet/manual-queue.ts);
 * - a rejected request gives its TrxID back: its id leaves the set.
 * Items written before the claims set (`payment_id`, one request) keep their old meaning: used.
 */
export interface TrxClaimItem {
  pk: string;
  sk: string;
  type: 'trx_unique';
  payment_ids?: Set<string>;
  approved_payment_id?: string;
  /** The one request of a claim written before `payment_ids` (never released, never shared). */
  payment_id?: string;
}

export const readTrxClaim = (db: Db, trx: string) => getItem<TrxClaimItem>(db, keys.trxId(trx));

/** The request ids naming a TrxID (either shape of the item). */
export const claimIdsOf = (claim: TrxClaimItem | undefined): string[] =>
  claim ? [...(claim.payment_ids ?? []), ...(claim.payment_id ? [claim.payment_id] : [])] : [];

/** A request names the TrxID; refused ('trx_id') once the TrxID was credited, or by an old-shape claim. */
export function claimTrxIdWrite(
  table: string,
  claim: { trx: string; paymentId: string; now: string },
): Write {
  return write('trx_id', {
    Update: {
      TableName: table,
      Key: keys.trxId(claim.trx),
      UpdateExpression:
        'ADD payment_ids :ids SET #type = :type, created_at = if_not_exists(created_at, :now)',
      ConditionExpression: 'attribute_not_exists(approved_payment_id) AND attribute_not_exists(payment_id)',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':ids': new Set([claim.paymentId]),
        ':type': 'trx_unique',
        ':now': claim.now,
      },
    },
  });
}

/** The request is credited with the TrxID: refused ('trx_id') when any request already was. */
export function approveTrxIdWrite(table: string, trx: string, paymentId: string): Write {
  return write('trx_id', {
    Update: {
      TableName: table,
      Key: keys.trxId(trx),
      UpdateExpression: 'SET approved_payment_id = :id',
      ConditionExpression:
        'attribute_not_exists(approved_payment_id) AND (contains(payment_ids, :id) OR payment_id = :id)',
      ExpressionAttributeValues: { ':id': paymentId },
    },
  });
}

/**
 * A rejected request gives its TrxID back: its id leaves the set (an empty set vanishes, and an
 * item with no claim and no credit is free). An old-shape claim of this request is removed too.
 */
export function releaseTrxIdWrite(table: string, trx: string, paymentId: string, oldShape: boolean): Write {
  return write('trx_id', {
    Update: {
      TableName: table,
      Key: keys.trxId(trx),
      // Released once, with the request's own move out of `pending` in the same transaction, from a
      // read that found its claim: no write deletes a TrxID item or sets `payment_id` any more.
      // guard-covered-by: "payment_id = :id" by the caller's read and the request's move out of `pending` (functions/test/trxid-holes.int.test.ts, a request of the first shape gives its TrxID back once)
      // guard-covered-by: "attribute_exists(pk)" by the caller's read and the request's move out of `pending` (functions/test/trxid-holes.int.test.ts, a rejected request frees its TrxID)
      ...(oldShape
        ? { UpdateExpression: 'REMOVE payment_id', ConditionExpression: 'payment_id = :id' }
        : { UpdateExpression: 'DELETE payment_ids :ids', ConditionExpression: 'attribute_exists(pk)' }),
      ExpressionAttributeValues: oldShape ? { ':id': paymentId } : { ':ids': new Set([paymentId]) },
    },
  });
}
