import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CodeStatus, Voucher } from '@khelaghor/contract/schemas/catalog';
import type { Db } from '../../db/client';
import { queryCatalog } from '../../db/catalog-repo';
import { indexKeys, keys } from '../../db/keys';
import { decodeCursor, encodeCursor } from '../../db/page-cursor';
import { badRequest } from '../../kit/errors';
import type { CodeItem } from './code-item';

/**
 * Admin voucher list, newest first, one page per call:
 * - by variant: the variant's code partition (sk CODE#<ulid>), status as a filter;
 * - by status: gsi3 CODES#<status>;
 * - all: gsi2 CODES.
 * Variant and product names come from one Query of the catalogue (always current names).
 */
export async function listCodes(
  db: Db,
  query: { cursor?: string; limit: number; status?: CodeStatus; variant_id?: string },
): Promise<{ items: Voucher[]; cursor: string | null }> {
  const base: Omit<QueryCommandInput, 'TableName'> = query.variant_id
    ? {
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: {
          ':pk': keys.variantCodes(query.variant_id),
          ...(query.status && { ':status': query.status }),
        },
        ...(query.status && {
          FilterExpression: '#status = :status',
          ExpressionAttributeNames: { '#status': 'status' },
        }),
      }
    : query.status
      ? {
          IndexName: 'gsi3',
          KeyConditionExpression: 'gsi3pk = :pk',
          ExpressionAttributeValues: { ':pk': indexKeys.codesByStatus(query.status) },
        }
      : {
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': indexKeys.allCodes() },
        };
  const [page, catalog] = await Promise.all([
    db.doc
      .send(
        new QueryCommand({
          TableName: db.table,
          ...base,
          ScanIndexForward: false,
          Limit: query.limit,
          ExclusiveStartKey: decodeCursor(query.cursor),
        }),
      )
      .catch((error: unknown) => {
        // A cursor of another list (or a forged one) is refused by DynamoDB: the caller's mistake.
        if (query.cursor && (error as Error).name === 'ValidationException')
          throw badRequest('Invalid cursor');
        throw error;
      }),
    queryCatalog(db),
  ]);
  const variants = new Map(catalog.variants.map((v) => [v.id, v.name]));
  const products = new Map(catalog.products.map((p) => [p.id, p.name]));
  return {
    items: ((page.Items ?? []) as CodeItem[]).map((c) =>
      toVoucher(c, variants.get(c.variant_id), products.get(c.product_id)),
    ),
    cursor: encodeCursor(page.LastEvaluatedKey),
  };
}

export function toVoucher(c: CodeItem, variantName?: string, productName?: string): Voucher {
  return {
    id: c.id,
    variant_id: c.variant_id,
    product_id: c.product_id,
    variant_name: variantName ?? c.variant_name ?? null,
    product_name: productName ?? c.product_name ?? null,
    code: c.code,
    status: c.status,
    order_id: c.order_id ?? null,
    user_id: c.user_id ?? null,
    reserved_until: c.reserved_until ?? null,
    delivered_at: c.delivered_at ?? null,
    created_at: c.created_at,
  };
}
