import { createHash } from 'node:crypto';
import { getItem } from '../batch-get';
import type { Db } from '../client';
import type { TransactItem } from '../transact';
import { availableSortKeys, indexKeys, keys, timeKey } from '../keys';
import { appendTicketsItem, reopenItems, SOLD_OUT_REPLICAS, ticketPut } from './tickets';

import type { CodeItem } from '../../domain/model';

export type { CodeItem } from '../../domain/model';

export const getCode = (db: Db, variantId: string, codeId: string) =>
  getItem<CodeItem>(db, keys.code(variantId, codeId));

/** Codes are compared after trimming; the shop-wide uniqueness item is keyed by this hash. */
export function normaliseCode(code: string): string {
  return code.trim();
}

export function codeHash(code: string): string {
  return createHash('sha256').update(normaliseCode(code), 'utf8').digest('hex');
}

const MAX_CODE_LENGTH = 200;

/** Why a code string cannot be stored, or undefined when it can (after trimming). */
export function invalidCodeReason(code: string): string | undefined {
  const trimmed = normaliseCode(code);
  if (!trimmed) return 'Code is required';
  if (trimmed.length > MAX_CODE_LENGTH) return `Code must be at most ${MAX_CODE_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(trimmed)) return 'Code must not contain control characters';
  return undefined;
}

export interface NewCode {
  id: string;
  code: string;
}

/** 3 items per code + the shard + its sold-out marks + the variant check <= 100 items per transaction. */
export const MAX_CODES_PER_TRANSACTION = Math.floor((100 - 2 - SOLD_OUT_REPLICAS) / 3);

/**
 * The writes of new codes of one variant into one stock shard: a check that the variant exists
 * and is not being deleted, per code the code item (available, on the shard's available list,
 * with the shard's next ticket number), its uniqueness item (fails when the string is already in
 * the shop) and its ticket item, then ONE shard update (`tickets` from `seen` to seen + n) and the
 * shard's sold-out marks removed. All or nothing; item 0 is the check, items [1 + 3i, 3 + 3i]
 * belong to codes[i], then the shard, then the marks.
 */
export function insertCodesItems(
  table: string,
  input: {
    variantId: string;
    productId: string;
    shard: number;
    codes: NewCode[];
    /** The shard's `tickets` as read: the new codes get the numbers after it. */
    seen: number;
    now: string;
    variantName?: string;
    productName?: string;
  },
): TransactItem[] {
  if (input.codes.length < 1 || input.codes.length > MAX_CODES_PER_TRANSACTION) {
    throw new Error(`between 1 and ${MAX_CODES_PER_TRANSACTION} codes per transaction`);
  }
  const items: TransactItem[] = [
    {
      ConditionCheck: {
        TableName: table,
        Key: keys.variant(input.productId, input.variantId),
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting_job)',
      },
    },
  ];
  const shard = { variantId: input.variantId, shard: input.shard };
  for (const [i, { id, code: raw }] of input.codes.entries()) {
    const code = normaliseCode(raw);
    const ticket = input.seen + i;
    const sortKey = timeKey(input.now, id);
    const item: CodeItem & Record<string, unknown> = {
      ...keys.code(input.variantId, id),
      type: 'code',
      id,
      variant_id: input.variantId,
      product_id: input.productId,
      code,
      status: 'available',
      stock_shard: input.shard,
      ticket,
      created_at: input.now,
      updated_at: input.now,
      ...(input.variantName !== undefined && { variant_name: input.variantName }),
      ...(input.productName !== undefined && { product_name: input.productName }),
      gsi1pk: indexKeys.availableCodes(input.variantId, input.shard),
      gsi1sk: availableSortKeys.ticketed(ticket),
      gsi2pk: indexKeys.allCodes(),
      gsi2sk: sortKey,
      gsi3pk: indexKeys.codesByStatus('available', id),
      gsi3sk: sortKey,
    };
    items.push(
      { Put: { TableName: table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Put: {
          TableName: table,
          Item: {
            ...keys.codeUnique(codeHash(code)),
            type: 'code_unique',
            code_id: id,
            variant_id: input.variantId,
            created_at: input.now,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ticketPut(table, shard, ticket, id),
    );
  }
  items.push(
    appendTicketsItem(table, shard, input.seen, input.codes.length, input.now, { create: true }),
    ...reopenItems(table, input.variantId, input.shard),
  );
  return items;
}

/**
 * Delete an available code with its uniqueness item, keeping its shard's tickets right
 * (`shard`: its counters as read, `last`: the code of its last ticket, when that is another code):
 * - a code without a ticket (back from a hold, not numbered yet) goes with its restock item;
 * - a code whose ticket was handed out (a claim in flight, or a holder that died) goes alone: its
 *   holder's claim finds it gone and takes another ticket;
 * - a code whose ticket is still to come: the shard's last code takes its number and the shard
 *   has one ticket less (condition: neither ticket handed out, nobody added numbers meanwhile).
 */
export function deleteAvailableCodeItems(
  table: string,
  code: Pick<CodeItem, 'id' | 'variant_id' | 'code' | 'stock_shard'> & { ticket?: number },
  now: string,
  shard: { tickets: number; taken: number },
  last?: string,
): TransactItem[] {
  const n = code.stock_shard ?? 0;
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: table,
        Key: keys.code(code.variant_id, code.id),
        ConditionExpression:
          code.ticket === undefined
            ? '#status = :available AND attribute_not_exists(ticket)'
            : '#status = :available AND ticket = :ticket',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':available': 'available',
          ...(code.ticket !== undefined && { ':ticket': code.ticket }),
        },
      },
    },
    { Delete: { TableName: table, Key: keys.codeUnique(codeHash(code.code)) } },
  ];
  if (code.ticket === undefined)
    return [...items, { Delete: { TableName: table, Key: keys.restock(code.variant_id, n, code.id) } }];
  const own = keys.ticket(code.variant_id, n, code.ticket);
  if (code.ticket < shard.taken) return [...items, { Delete: { TableName: table, Key: own } }];
  const lastIndex = shard.tickets - 1;
  items.push({
    Update: {
      TableName: table,
      Key: keys.stockShard(code.variant_id, n),
      UpdateExpression: 'SET tickets = :last, updated_at = :now',
      // Neither ticket handed out yet, and no numbers added since the read.
      ConditionExpression: 'tickets = :tickets AND taken <= :ticket',
      ExpressionAttributeValues: {
        ':last': lastIndex,
        ':tickets': shard.tickets,
        ':ticket': code.ticket,
        ':now': now,
      },
    },
  });
  items.push({ Delete: { TableName: table, Key: keys.ticket(code.variant_id, n, lastIndex) } });
  if (code.ticket === lastIndex || !last) return items;
  // The last code moves to the deleted code's number.
  items.push(ticketPut(table, { variantId: code.variant_id, shard: n }, code.ticket, last), {
    Update: {
      TableName: table,
      Key: keys.code(code.variant_id, last),
      UpdateExpression: 'SET ticket = :ticket, gsi1sk = :gsi1sk, updated_at = :now',
      // A sale removes the ticket, so a code at its number is still available.
      // guard-covered-by: "#status = :available" by ticket = :from (functions/test/db-guards.int.test.ts, the shard's last code moves into a deleted number only while it is still available at its own)
      ConditionExpression: '#status = :available AND ticket = :from',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':available': 'available',
        ':ticket': code.ticket,
        ':from': lastIndex,
        ':gsi1sk': availableSortKeys.ticketed(code.ticket),
        ':now': now,
      },
    },
  });
  return items;
}
