import { availableSortKeys, indexKeys, keys, timeKey } from '../keys';
import { config } from '../../runtime/config';
import { getCode } from './code-item';
import { restockReturned } from './restock';
import type { OrderItem } from '../../domain/model';
import type { Db } from '../client';

import { write, type TransactItem, type Write } from '../transact';

/*
 * TransactItem builders for the moves of a code between statuses, keeping its index keys right:
 *   available -> reserved   gsi1 removed (off the available list), its ticket used  (claimCode)
 *   available -> delivered  gsi1 = userCodes(user), its ticket used                 (claimCode)
 *   reserved  -> available  gsi1 = availableCodes(variant, shard) under R#, no ticket yet: the
 *                           sweeper gives it the shard's next one (releaseCodeWrites)
 *   reserved  -> delivered  gsi1 = userCodes(user)                                   (deliverReservedCodeItem)
 * gsi2 (all codes) and gsi2sk/gsi3sk (created_at#id) never change; gsi3pk follows the status.
 * `table` defaults to the configured TABLE_NAME.
 */

const tableName = (table?: string) => table ?? config().TABLE_NAME;

/** What a claim writes on the code. */
export interface CodeClaim {
  mode: 'reserve' | 'deliver';
  orderId: string;
  userId: string;
  now: string;
  /** Required for 'reserve'. */
  holdUntil?: string;
  variantName?: string;
  productName?: string;
  /** The Bangla names, for My Codes in Bangla (null: none). */
  variantNameBn?: string | null;
  productNameBn?: string | null;
}

/**
 * The code update of a claim from `available` (condition: still available and still the code of
 * the claim's ticket, see claimCode); the ticket number goes with the claim.
 */
export function claimAvailableCodeItem(
  code: { variant_id: string; id: string },
  claim: CodeClaim,
  ticket: { shard: number; index: number },
  table?: string,
): TransactItem {
  const values: Record<string, unknown> = {
    ':available': 'available',
    ':ticket': ticket.index,
    ':shard': ticket.shard,
    ':status': claim.mode === 'reserve' ? 'reserved' : 'delivered',
    ':order': claim.orderId,
    ':user': claim.userId,
    ':now': claim.now,
    ':gsi3pk': indexKeys.codesByStatus(claim.mode === 'reserve' ? 'reserved' : 'delivered', code.id),
  };
  const set = [
    '#status = :status',
    'order_id = :order',
    'user_id = :user',
    'updated_at = :now',
    'gsi3pk = :gsi3pk',
  ];
  const remove: string[] = ['ticket'];
  if (claim.mode === 'reserve') {
    if (!claim.holdUntil) throw new Error('holdUntil is required to reserve a code');
    set.push('reserved_until = :hold');
    values[':hold'] = claim.holdUntil;
    remove.push('gsi1pk', 'gsi1sk');
  } else {
    set.push('delivered_at = :now', 'gsi1pk = :gsi1pk', 'gsi1sk = :gsi1sk');
    values[':gsi1pk'] = indexKeys.userCodes(claim.userId);
    values[':gsi1sk'] = timeKey(claim.now, code.id);
  }
  if (claim.variantName !== undefined) {
    set.push('variant_name = :vname');
    values[':vname'] = claim.variantName;
  }
  if (claim.productName !== undefined) {
    set.push('product_name = :pname');
    values[':pname'] = claim.productName;
  }
  if (claim.variantNameBn) {
    set.push('variant_name_bn = :vname_bn');
    values[':vname_bn'] = claim.variantNameBn;
  }
  if (claim.productNameBn) {
    set.push('product_name_bn = :pname_bn');
    values[':pname_bn'] = claim.productNameBn;
  }
  return {
    Update: {
      TableName: tableName(table),
      Key: keys.code(code.variant_id, code.id),
      UpdateExpression: `SET ${set.join(', ')} REMOVE ${remove.join(', ')}`,
      // A code is sold once: a sale removes its ticket number, a ticket is taken once, and a code
      // numbered again is not sold by its old ticket.
      // guard-covered-by: "#status = :available" by ticket = :ticket (functions/test/claim-code.int.test.ts, an old ticket never sells a code that was numbered again meanwhile)
      // guard-covered-by: "stock_shard = :shard" by ticket = :ticket (functions/test/claim-code.int.test.ts, an old ticket never sells a code that was numbered again meanwhile)
      ConditionExpression: '#status = :available AND ticket = :ticket AND stock_shard = :shard',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * reserved -> available (an unpaid hold expired, or the payment failed), only if it is still
 * reserved for `order_id`: the code goes back on its shard's available list without a ticket and
 * gets the shard's next number right after the commit; a restock item tells the sweeper to do it
 * when that fails (this transaction writes no shard item, so it never meets a sale's tickets).
 */
export function releaseCodeWrites(
  code: { variant_id: string; stock_shard?: number; id: string; order_id: string },
  now: string,
  table?: string,
): Write[] {
  return [
    write('code', {
      Update: {
        TableName: tableName(table),
        Key: keys.code(code.variant_id, code.id),
        UpdateExpression:
          'SET #status = :available, updated_at = :now, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk, gsi3pk = :gsi3pk ' +
          'REMOVE order_id, user_id, reserved_until',
        ConditionExpression: '#status = :reserved AND order_id = :order',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':available': 'available',
          ':reserved': 'reserved',
          ':order': code.order_id,
          ':now': now,
          ':gsi1pk': indexKeys.availableCodes(code.variant_id, code.stock_shard ?? 0),
          ':gsi1sk': availableSortKeys.returned(code.id),
          ':gsi3pk': indexKeys.codesByStatus('available', code.id),
        },
      },
    }),
    write(
      'restock',
      {
        Put: {
          TableName: tableName(table),
          Item: {
            ...keys.restock(code.variant_id, code.stock_shard ?? 0, code.id),
            type: 'restock',
            variant_id: code.variant_id,
            stock_shard: code.stock_shard ?? 0,
            code_id: code.id,
            created_at: now,
          },
        },
      },
      // Numbered at once after the commit; the sweeper does it when this fails.
      (db) =>
        restockReturned(db, now, {
          variantId: code.variant_id,
          shard: code.stock_shard ?? 0,
          codeId: code.id,
        }),
    ),
  ];
}

/** reserved -> delivered for the paying order (the counter already went down at reservation). */
export function deliverReservedCodeWrite(
  code: { variant_id: string; id: string; order_id: string },
  userId: string,
  now: string,
  table?: string,
): Write {
  return write('code', {
    Update: {
      TableName: tableName(table),
      Key: keys.code(code.variant_id, code.id),
      UpdateExpression:
        'SET #status = :delivered, user_id = :user, delivered_at = :now, updated_at = :now, ' +
        'gsi1pk = :gsi1pk, gsi1sk = :gsi1sk, gsi3pk = :gsi3pk REMOVE reserved_until',
      // A code names an order only while reserved for it or sold to it (a release removes the
      // order), and delivering it to that order again changes nothing.
      // guard-covered-by: "#status = :reserved" by order_id = :order (functions/test/db-guards.int.test.ts, a reserved code is delivered only to the order)
      ConditionExpression: '#status = :reserved AND order_id = :order',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':delivered': 'delivered',
        ':reserved': 'reserved',
        ':order': code.order_id,
        ':user': userId,
        ':now': now,
        ':gsi1pk': indexKeys.userCodes(userId),
        ':gsi1sk': timeKey(now, code.id),
        ':gsi3pk': indexKeys.codesByStatus('delivered', code.id),
      },
    },
  });
}

/** The release of the code `order` still holds (reserved for it), read first; nothing when it holds none. */
export async function releaseHeldCodeWrites(
  db: Db,
  order: Pick<OrderItem, 'id' | 'code_id' | 'product_variant_id'>,
  now: string,
): Promise<Write[]> {
  const code = order.code_id ? await getCode(db, order.product_variant_id, order.code_id) : undefined;
  if (!code || code.status !== 'reserved' || code.order_id !== order.id) return [];
  return releaseCodeWrites(
    { variant_id: code.variant_id, stock_shard: code.stock_shard, id: code.id, order_id: order.id },
    now,
    db.table,
  );
}
