import type { Db } from '../client';
import type { VariantItem } from '../catalog/catalog-items';
import { keys } from '../keys';
import { transact, write, WriteRefused } from '../transact';
import { shardCount } from './stock-shards';

/**
 * Raise a variant's shard count to `to` on the variant and on its id pointer (where orders read it
 * first), while it exists and is not being deleted. Shards only grow: codes stay in the shard they
 * were imported into. Losing to a request that grew it as far or further is fine.
 */
export async function growShards(
  db: Db,
  variant: Pick<VariantItem, 'id' | 'product_id' | 'stock_shards'>,
  to: number,
  now: string,
): Promise<void> {
  if (to <= shardCount(variant)) return;
  try {
    await transact(db, [
      write('variant', {
        Update: {
          TableName: db.table,
          Key: keys.variant(variant.product_id, variant.id),
          UpdateExpression: 'SET stock_shards = :to, updated_at = :now',
          // A variant and its pointer are made and removed together: the pointer's check below
          // refuses a grow of a variant that is gone as well.
          // guard-covered-by: "attribute_exists(pk)" by the pointer's attribute_exists(pk) (functions/test/db-guards.int.test.ts, no grow without its pointer)
          ConditionExpression:
            'attribute_exists(pk) AND attribute_not_exists(deleting_job) AND ' +
            '(attribute_not_exists(stock_shards) OR stock_shards < :to)',
          ExpressionAttributeValues: { ':to': to, ':now': now },
        },
      }),
      write('ref', {
        Update: {
          TableName: db.table,
          Key: keys.variantRef(variant.id),
          UpdateExpression: 'SET stock_shards = :to',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':to': to },
        },
      }),
    ]);
  } catch (error) {
    // Grown by another import meanwhile, or the variant is going: the inserts that follow decide.
    if (!(error instanceof WriteRefused)) throw error;
  }
}
