import type { Db } from '../../db/client';
import type { VariantItem } from '../../db/catalog/catalog-items';
import { growShards } from '../../db/stock/grow-shards';
import {
  assignShards,
  readStockShards,
  shardCount,
  shardsFor,
  shardStock,
} from '../../db/stock/stock-shards';

export interface Placement {
  shard: number;
}

/**
 * Where each of `count` new codes goes: the variant first grows to the shard count its new stock
 * size calls for, then each code goes to the shard with the fewest tickets left, so a sale's
 * buyers find every shard selling until the end.
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
  return assignShards(current.map(shardStock), count).map((shard) => ({ shard }));
}
