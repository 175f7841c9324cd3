import type { Db } from '../../db/client';
import type { VariantItem } from '../../db/catalog-repo';
import { growShards } from '../../db/stock/grow-shards';
import { assignShards, readShardStock, shardCount, shardsFor } from '../../db/stock/stock-shards';

/**
 * The shard of each of `count` new codes: the variant first grows to the shard count its new stock
 * size calls for, then each code goes to the shard with the fewest codes, so a sale's claims spread
 * evenly over the shards' counters.
 */
export async function shardsForNewCodes(
  db: Db,
  variant: Pick<VariantItem, 'id' | 'product_id' | 'stock' | 'stock_shards'>,
  count: number,
  now: string,
): Promise<number[]> {
  const shards = shardsFor(variant.stock + count, shardCount(variant));
  await growShards(db, variant, shards, now);
  return assignShards(await readShardStock(db, variant.id, shards, true), count);
}
