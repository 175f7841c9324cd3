import { createHash } from 'node:crypto';
import type { TransactItem } from '../transact';
import { availableSortKeys, indexKeys, keys, timeKey } from '../keys';

export type { CodeStatus } from '@khelaghor/contract/facts';
import type { CodeItem } from '../../domain/model';

export type { CodeItem } from '../../domain/model';

/** Codes are compared after trimming; the shop-wide uniqueness item is keyed by this hash. */
export function normaliseCode(code: string): string {
  return code.trim();
}

export function codeHash(code: string): string {
  return createHash('sha256').update(normaliseCode(code), 'utf8').digest('hex');
}

export const MAX_CODE_LENGTH = 200;

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

/**
 * The writes of new codes of one variant: per code the code item (available, on the variant's
 * available list) and its uniqueness item (fails when the string is already in the shop), then ONE
 * counter update +n (fails when the variant is gone). All or nothing; items [2i, 2i+1] belong to
 * codes[i] and the last item is the counter. At most 49 codes (100 items per transaction).
 */
export function insertCodesItems(
  table: string,
  input: {
    variantId: string;
    productId: string;
    codes: NewCode[];
    now: string;
    variantName?: string;
    productName?: string;
  },
): TransactItem[] {
  if (input.codes.length < 1 || input.codes.length > MAX_CODES_PER_TRANSACTION) {
    throw new Error(`between 1 and ${MAX_CODES_PER_TRANSACTION} codes per transaction`);
  }
  const items: TransactItem[] = [];
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
      created_at: input.now,
      updated_at: input.now,
      ...(input.variantName !== undefined && { variant_name: input.variantName }),
      ...(input.productName !== undefined && { product_name: input.productName }),
      gsi1pk: indexKeys.availableCodes(input.variantId),
      gsi1sk: availableSortKeys.free(id),
      gsi2pk: indexKeys.allCodes(),
      gsi2sk: sortKey,
      gsi3pk: indexKeys.codesByStatus('available'),
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
    notBeingDeleted(stockChange(table, input.productId, input.variantId, input.codes.length, input.now)),
  );
  return items;
}

/**
 * A counter update that also requires the variant not to be marked by a delete job: a variant
 * being deleted takes no new codes and gives no new claims (releases of held codes still work).
 */
export function notBeingDeleted(counter: TransactItem): TransactItem {
  const update = counter.Update!;
  return {
    Update: {
      ...update,
      ConditionExpression: `${update.ConditionExpression} AND attribute_not_exists(deleting_job)`,
    },
  };
}

export const MAX_CODES_PER_TRANSACTION = 49;

/** One new code: code item, uniqueness item, counter +1 (items 0, 1, 2). */
export function insertCodeItems(
  table: string,
  input: {
    id: string;
    variantId: string;
    productId: string;
    code: string;
    now: string;
    variantName?: string;
    productName?: string;
  },
): TransactItem[] {
  return insertCodesItems(table, { ...input, codes: [{ id: input.id, code: input.code }] });
}

/**
 * Delete an available code: the code (condition still available), its uniqueness item and the
 * counter -1, in one transaction.
 */
export function deleteAvailableCodeItems(
  table: string,
  code: Pick<CodeItem, 'id' | 'variant_id' | 'product_id' | 'code'>,
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
    stockChange(table, code.product_id, code.variant_id, -1, now),
  ];
}

/**
 * Counter change on the variant. A decrement is conditioned on stock > 0 (never negative); both
 * require the variant to exist (an Update would otherwise create a stub item).
 */
export function stockChange(
  table: string,
  productId: string,
  variantId: string,
  delta: number,
  now: string,
): TransactItem {
  if (delta < 0) {
    return {
      Update: {
        TableName: table,
        Key: keys.variant(productId, variantId),
        UpdateExpression: 'SET stock = stock - :n, updated_at = :now',
        // stock > n-1, i.e. stock >= n: the counter never goes below zero.
        ConditionExpression: 'attribute_exists(pk) AND stock > :floor',
        ExpressionAttributeValues: { ':n': -delta, ':floor': -delta - 1, ':now': now },
      },
    };
  }
  return {
    Update: {
      TableName: table,
      Key: keys.variant(productId, variantId),
      UpdateExpression: 'SET stock = stock + :n, updated_at = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':n': delta, ':now': now },
    },
  };
}
