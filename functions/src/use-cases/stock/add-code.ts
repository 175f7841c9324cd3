import { spoken } from '@khelaghor/contract/api-messages';
import type { Voucher } from '@khelaghor/contract/schemas/catalog';
import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import { getProduct, getVariant } from '../../db/catalog/catalog-items';
import { badRequest, duplicate, notFound } from '../../domain/refusals';
import { invalidCodeReason, normaliseCode } from '../../db/stock/code-item';
import { insertCode } from '../../db/stock/insert-codes';
import { shardsForNewCodes } from './shards-for-new-codes';

/** Add one code to a variant: code, uniqueness and ticket item and the shard in one transaction. */
export async function addCode(
  db: Db,
  input: { variantId: string; code: string; now: string },
): Promise<Voucher> {
  const invalid = invalidCodeReason(input.code);
  if (invalid) throw badRequest(spoken(invalid), { code: invalid });
  const variant = await getVariant(db, input.variantId);
  if (!variant) throw notFound('Variant not found');
  const id = ulid();
  const code = normaliseCode(input.code);
  const [placed] = await shardsForNewCodes(db, variant, 1, input.now);
  const outcome = await insertCode(db, {
    id,
    variantId: variant.id,
    productId: variant.product_id,
    shard: placed!.shard,
    code,
    now: input.now,
  });
  if (outcome === 'exists') throw duplicate('This code already exists in the shop');
  // Deleted, or marked by a delete job, since it was read.
  if (outcome === 'no-variant') throw notFound('Variant not found');
  const product = await getProduct(db, variant.product_id);
  return {
    id,
    variant_id: variant.id,
    product_id: variant.product_id,
    variant_name: variant.name,
    product_name: product?.name ?? null,
    code,
    status: 'available',
    order_id: null,
    user_id: null,
    reserved_until: null,
    delivered_at: null,
    created_at: input.now,
  };
}
