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
import { shardCount } from './stock-shards';

/** 3 items per code (code, uniqueness, ticket) + the caller's progress item <= 100. */
const PER_TRANSACTION = 33;

/** Every code of a variant (admin cascade): Query VARCODES#<variant>. */
export function codesOfVariant(
  db: Db,
  variantId: string,
): Promise<Array<Pick<CodeItem, 'id' | 'code' | 'status' | 'stock_shard'>>> {
  return queryAll(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.variantCodes(variantId) },
    ProjectionExpression: 'id, code, #status, stock_shard, ticket',
    ExpressionAttributeNames: { '#status': 'status' },
    ConsistentRead: true,
  });
}

type Code = Pick<CodeItem, 'id' | 'code' | 'stock_shard'> & { ticket?: number };

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
    { projection: 'id, code, stock_shard, ticket, #status', names: { '#status': 'status' } },
  );
  return [...found.values()].filter((c) => c.status === 'available') as Code[];
}

/**
 * Codes of the variant still reserved for pending orders, or available (a hold released since the
 * eventually consistent lists were read): a strongly consistent read of its whole code partition.
 */
export function unsoldCodeCount(
  db: Db,
  variantId: string,
  status: 'reserved' | 'available',
): Promise<number> {
  return countAll(db, {
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: '#status = :status',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': keys.variantCodes(variantId), ':status': status },
    ConsistentRead: true,
  });
}

/** The name of a code's delete in a purge transaction: its failure says the code is no longer available. */
const codeWrite = (id: string) => `code:${id}`;

/**
 * Delete the given codes of a variant while they are still available, each with its uniqueness
 * item and its ticket (or restock item), in transactions of 33, with the job's count (conditioned
 * on `job.owner` holding its lease) going up in the same transaction, so a code is counted once.
 * The job marked every shard first, so no ticket is handed out meanwhile. A code that is no
 * longer available (sold, or already deleted and still on the eventually consistent list) is
 * skipped. Delivered and used codes are never touched. Throws WriteRefused ('progress') when the
 * lease is lost.
 */
export async function purgeCodes(
  db: Db,
  variant: Pick<VariantItem, 'id' | 'product_id'>,
  codes: Code[],
  input: { now: string; job: { id: string; owner: string } },
): Promise<number> {
  let deleted = 0;
  for (let start = 0; start < codes.length; start += PER_TRANSACTION) {
    let chunk = codes.slice(start, start + PER_TRANSACTION);
    for (let attempt = 0; chunk.length > 0; attempt++) {
      const writes: Write[] = chunk.flatMap((c): Write[] => [
        write(codeWrite(c.id), {
          Delete: {
            TableName: db.table,
            Key: keys.code(variant.id, c.id),
            // Once the job has marked the shards no ticket is handed out (takeTicket needs an
            // unmarked shard), so a code read as available is still available here.
            // guard-covered-by: tickets.ts takeTicket 'attribute_not_exists(deleting_job)' (functions/test/admin-jobs.int.test.ts, no new claims)
            ConditionExpression: '#status = :available',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':available': 'available' },
          },
        }),
        write(`unique:${c.id}`, { Delete: { TableName: db.table, Key: keys.codeUnique(codeHash(c.code)) } }),
        write(`ticket:${c.id}`, {
          Delete: {
            TableName: db.table,
            Key:
              c.ticket === undefined
                ? keys.restock(variant.id, c.stock_shard ?? 0, c.id)
                : keys.ticket(variant.id, c.stock_shard ?? 0, c.ticket),
          },
        }),
      ]);
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
        // Anything else (the job's lease) is not ours to retry; a conflict is, a while.
        if (gone.size === 0 && (!isConflicted(error) || attempt >= 10)) throw error;
        chunk = chunk.filter((c) => !gone.has(c.id));
        if (gone.size === 0) await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
      }
    }
  }
  return deleted;
}
