import type { Db } from '../../db/client';
import type { VariantItem } from '../../db/catalog/catalog-items';
import { growShards } from '../../db/stock/grow-shards';
import { assignShards, HINT_CAP, readStockShards, shardCount, shardsFor } from '../../db/stock/stock-shards';

export interface Placement {
  shard: number;
  /** The code goes on its shard's hint too (the hint has room). */
  hinted: boolean;
}

/**
 * Where each of `count` new codes goes: the variant first grows to the shard count its new stock
 * size calls for, then each code goes to the shard with the fewest codes, so a sale's claims spread
 * evenly over the shards' counters; while a shard's hint has room, its new codes go on it.
 */
export async function shardsForNewCodes(
  db: Db,
  variant: Pick<VariantItem, 'id' | 'product_id' | 'stock' | 'stock_shards'>,
  count: number,
  now: string,
): Promise<Placement[]> {
  const shards = shardsFor(variant.stock + count, shardCount(variant));
  await growShards(db, variant, shards, now);
  const current = await readStockShards(db, variant.id, shards, true);
  const room = current.map((s) => HINT_CAP - s.free.length);
  return assignShards(
    current.map((s) => s.stock),
    count,
  ).map((shard) => ({ shard, hinted: room[shard]!-- > 0 }));
}
