import type { CodeStatus, Voucher } from '@khelaghor/contract/schemas/catalog';
import type { Db } from '../client';
import { queryCatalog } from '../catalog/catalog-items';
import { indexPage, queryPage, shardedPage, type Page } from '../list-items';
import { keys, lists, shardedLists } from '../keys';
import type { CodeItem } from './code-item';

/**
 * Admin voucher list, newest first, one page per call:
 * - by variant: the variant's code partition (sk CODE#<ulid>), status as a filter;
 * - by status: gsi3 CODES#<status>, merged from its partitions;
 * - all: gsi2 CODES.
 * The index lists fetch their codes by key after the Query (the indexes hold keys only). Variant
 * and product names come from one Query of the catalogue (always current names), in parallel.
 */
export async function listCodes(
  db: Db,
  query: { cursor?: string; limit: number; status?: CodeStatus; variant_id?: string },
): Promise<{ items: Voucher[]; cursor: string | null }> {
  const page = { cursor: query.cursor, limit: query.limit };
  const read: Promise<Page<CodeItem>> = query.variant_id
    ? variantCodesPage(db, query.variant_id, query.status, page)
    : query.status
      ? shardedPage<CodeItem>(db, shardedLists.codesByStatus(query.status), page)
      : indexPage<CodeItem>(db, lists.allCodes(), page);
  const [codes, catalog] = await Promise.all([read, queryCatalog(db)]);
  const variants = new Map(catalog.variants.map((v) => [v.id, v.name]));
  const products = new Map(catalog.products.map((p) => [p.id, p.name]));
  return {
    items: codes.items.map((c) => toVoucher(c, variants.get(c.variant_id), products.get(c.product_id))),
    cursor: codes.cursor,
  };
}

/** A variant's own code partition, the status (if any) as a filter. */
function variantCodesPage(
  db: Db,
  variantId: string,
  status: CodeStatus | undefined,
  page: { cursor?: string; limit: number },
): Promise<Page<CodeItem>> {
  const pk = keys.variantCodes(variantId);
  return queryPage<CodeItem>(
    db,
    { pk },
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk, ...(status && { ':status': status }) },
      ...(status && {
        FilterExpression: '#status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
      }),
    },
    page,
  );
}

function toVoucher(c: CodeItem, variantName?: string, productName?: string): Voucher {
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
