import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CodeStatus, Voucher } from '@khelaghor/contract/schemas/catalog';
import type { Db } from '../client';
import { queryCatalog } from '../catalog-repo';
import { keys, lists } from '../keys';
import { decodeCursor, encodeCursor, type PageList } from '../page-cursor';
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
  const list: PageList = query.variant_id
    ? { pk: keys.variantCodes(query.variant_id) }
    : query.status
      ? lists.codesByStatus(query.status)
      : lists.allCodes();
  // With a variant the status filters the variant's partition; without, it picks the gsi3 list.
  const statusFilter = Boolean(query.variant_id && query.status);
  const [page, catalog] = await Promise.all([
    db.doc.send(
      new QueryCommand({
        TableName: db.table,
        ...(list.index && { IndexName: list.index }),
        KeyConditionExpression: `${list.index ?? ''}pk = :pk`,
        ExpressionAttributeValues: { ':pk': list.pk, ...(statusFilter && { ':status': query.status }) },
        ...(statusFilter && {
          FilterExpression: '#status = :status',
          ExpressionAttributeNames: { '#status': 'status' },
        }),
        ScanIndexForward: false,
        Limit: query.limit,
        ExclusiveStartKey: decodeCursor(list, query.cursor),
      }),
    ),
    queryCatalog(db),
  ]);
  const variants = new Map(catalog.variants.map((v) => [v.id, v.name]));
  const products = new Map(catalog.products.map((p) => [p.id, p.name]));
  return {
    items: ((page.Items ?? []) as CodeItem[]).map((c) =>
      toVoucher(c, variants.get(c.variant_id), products.get(c.product_id)),
    ),
    cursor: encodeCursor(list, page.LastEvaluatedKey),
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
