import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import type { VariantItem } from '../catalog/catalog-items';
import { countAll, queryAll } from '../query-all';
import { progressItem } from '../jobs/job-item';
import { keys, listQuery, lists } from '../keys';
import { transact, write, WriteRefused, type Write } from '../transact';
import { isConflicted } from './transaction-conflict';
import { batchGetItems } from '../batch-get';
import { codeHash, type CodeItem } from './code-item';
import { shardBatches, shardCount, shardStockChange } from './stock-shards';

/** 2 items per code + the shard counter + the caller's progress item <= 100. */
const PER_TRANSACTION = 49;

/** Every code of a variant (admin cascade): Query VARCODES#<variant>. */
export function codesOfVariant(
  db: Db,
  variantId: string,
): Promise<Array<Pick<CodeItem, 'id' | 'code' | 'status' | 'stock_shard'>>> {
  return queryAll(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.variantCodes(variantId) },
    ProjectionExpression: 'id, code, #status, stock_shard',
    ExpressionAttributeNames: { '#status': 'status' },
    ConsistentRead: true,
  });
}

type Code = Pick<CodeItem, 'id' | 'code' | 'stock_shard'>;

/**
 * Up to `limit` codes of the variant's available lists (free and locked alike), shard by shard:
 * the lists give the ids, the code items (read by key) the strings and shards.
 */
export async function availableCodesPage(
  db: Db,
  variant: { id: string; stock_shards?: number },
  limit: number,
): Promise<Code[]> {
  const pages = await Promise.all(
    Array.from({ length: shardCount(variant) }, (_, shard) =>
      db.doc.send(
        new QueryCommand({
          TableName: db.table,
          ...listQuery(lists.availableCodes(variant.id, shard)),
          ProjectionExpression: 'sk',
          Limit: limit,
        }),
      ),
    ),
  );
  const ids = pages
    .flatMap((res) => (res.Items ?? []).map((item) => String(item.sk).slice(keys.codePrefix().length)))
    .slice(0, limit);
  const found = await batchGetItems(
    db,
    ids.map((id) => keys.code(variant.id, id)),
    { projection: 'id, code, stock_shard, #status', names: { '#status': 'status' } },
  );
  return [...found.values()].filter((c) => c.status === 'available') as Code[];
}

/** Codes of the variant reserved for pending orders (a read of its whole code partition). */
export function reservedCodeCount(db: Db, variantId: string): Promise<number> {
  return countAll(db, {
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: '#status = :reserved',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': keys.variantCodes(variantId), ':reserved': 'reserved' },
    ConsistentRead: true,
  });
}

/** The name of a code's delete in a purge transaction: its failure says the code is no longer available. */
const codeWrite = (id: string) => `code:${id}`;

/**
 * Delete the given codes of a variant while they are still available, each with its uniqueness
 * item, in transactions of 49: the counter goes down by the number deleted and the job's count
 * (conditioned on `job.owner` holding its lease) goes up in the same transaction, so the counter
 * always equals the available codes and a code is counted once. A code that is no longer available
 * (sold, or already deleted and still on the eventually consistent list) is skipped. Delivered and
 * used codes are never touched. Throws WriteRefused ('progress') when the lease is lost.
 */
export async function purgeCodes(
  db: Db,
  variant: Pick<VariantItem, 'id' | 'product_id'>,
  codes: Code[],
  input: { now: string; job: { id: string; owner: string } },
): Promise<number> {
  let deleted = 0;
  // One shard per transaction: its counter goes down by what the transaction deletes.
  for (const { shard, items: first } of shardBatches(codes, (c) => c.stock_shard ?? 0, PER_TRANSACTION)) {
    let chunk = first;
    for (let attempt = 0; chunk.length > 0; attempt++) {
      const writes: Write[] = chunk.flatMap((c): Write[] => [
        write(codeWrite(c.id), {
          Delete: {
            TableName: db.table,
            Key: keys.code(variant.id, c.id),
            // Once the job has marked the shards no claim can take a code (claims need an unmarked
            // shard), so a code read as available is still available here.
            // guard-covered-by: stock-shards.ts shardStockChange 'attribute_not_exists(deleting_job)' on claims (functions/test/admin-jobs.int.test.ts, no new claims)
            ConditionExpression: '#status = :available',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':available': 'available' },
          },
        }),
        write(`unique:${c.id}`, { Delete: { TableName: db.table, Key: keys.codeUnique(codeHash(c.code)) } }),
      ]);
      writes.push(
        write(
          'stock',
          shardStockChange(db.table, { variantId: variant.id, shard }, -chunk.length, input.now, {
            ids: chunk.map((c) => c.id),
          }),
        ),
      );
      writes.push(
        write('progress', progressItem(db.table, input.job.id, input.job.owner, chunk.length, input.now)),
      );
      try {
        await transact(db, writes);
        deleted += chunk.length;
        break;
      } catch (error) {
        const gone = new Set(
          error instanceof WriteRefused
            ? chunk.filter((c) => error.has(codeWrite(c.id))).map((c) => c.id)
            : [],
        );
        // Anything else (the counter, the job's lease) is not ours to retry; a conflict is, a while.
        if (gone.size === 0 && (!isConflicted(error) || attempt >= 10)) throw error;
        chunk = chunk.filter((c) => !gone.has(c.id));
        if (gone.size === 0) await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
      }
    }
  }
  return deleted;
}
