import { createHash } from 'node:crypto';
import { getItem } from '../batch-get';
import type { Db } from '../client';
import type { TransactItem } from '../transact';
import { availableSortKeys, indexKeys, keys, timeKey } from '../keys';
import { shardStockChange } from './stock-shards';

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

/** 2 items per code + the shard counter + the variant check <= 100 items per transaction. */
export const MAX_CODES_PER_TRANSACTION = 48;

/**
 * The writes of new codes of one variant into one stock shard: a check that the variant exists
 * and is not being deleted, per code the code item (available, on the shard's available list) and
 * its uniqueness item (fails when the string is already in the shop), then ONE shard counter
 * update +n. All or nothing; item 0 is the check, items [1 + 2i, 2 + 2i] belong to codes[i] and
 * the last item is the counter.
 */
export function insertCodesItems(
  table: string,
  input: {
    variantId: string;
    productId: string;
    shard: number;
    codes: NewCode[];
    /** How many of the first codes go on the shard's hint (see HINT_CAP). */
    hinted?: number;
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
  for (const { id, code: raw } of input.codes) {
    const code = normaliseCode(raw);
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
      created_at: input.now,
      updated_at: input.now,
      ...(input.variantName !== undefined && { variant_name: input.variantName }),
      ...(input.productName !== undefined && { product_name: input.productName }),
      gsi1pk: indexKeys.availableCodes(input.variantId, input.shard),
      gsi1sk: availableSortKeys.free(id),
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
    );
  }
  items.push(
    shardStockChange(
      table,
      { variantId: input.variantId, shard: input.shard },
      input.codes.length,
      input.now,
      { create: true, ids: input.codes.slice(0, input.hinted ?? 0).map((c) => c.id) },
    ),
  );
  return items;
}

/** The shard a code counts in. */
export const shardOf = (code: { variant_id: string; stock_shard?: number }) => ({
  variantId: code.variant_id,
  shard: code.stock_shard ?? 0,
});

/**
 * Delete an available code: the code (condition still available), its uniqueness item and its
 * shard's counter -1, in one transaction.
 */
export function deleteAvailableCodeItems(
  table: string,
  code: Pick<CodeItem, 'id' | 'variant_id' | 'code' | 'stock_shard'>,
  now: string,
): TransactItem[] {
  return [
    {
      Delete: {
        TableName: table,
        Key: keys.code(code.variant_id, code.id),
        ConditionExpression: '#status = :available',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':available': 'available' },
      },
    },
    { Delete: { TableName: table, Key: keys.codeUnique(codeHash(code.code)) } },
    shardStockChange(table, shardOf(code), -1, now, { ids: [code.id] }),
  ];
}
