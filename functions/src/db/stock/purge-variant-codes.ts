import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { queryAll, type VariantItem } from '../catalog-repo';
import { keys, listQuery, lists } from '../keys';
import { cancellationReasons } from '../transact';
import { codeHash, stockChange, type CodeItem } from './code-item';
import type { TransactItem } from '../transact';

/** 2 items per code + the counter + the caller's progress item <= 100. */
const PER_TRANSACTION = 49;

/** Every code of a variant (admin cascade): Query VARCODES#<variant>. */
export function codesOfVariant(
  db: Db,
  variantId: string,
): Promise<Array<Pick<CodeItem, 'id' | 'code' | 'status'>>> {
  return queryAll(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.variantCodes(variantId) },
    ProjectionExpression: 'id, code, #status',
    ExpressionAttributeNames: { '#status': 'status' },
    ConsistentRead: true,
  });
}

type Code = Pick<CodeItem, 'id' | 'code'>;

/** Up to `limit` codes of the variant's available list (free and locked alike). */
export async function availableCodesPage(db: Db, variantId: string, limit: number): Promise<Code[]> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      ...listQuery(lists.availableCodes(variantId)),
      ProjectionExpression: 'id, code',
      Limit: limit,
    }),
  );
  return (res.Items ?? []) as Code[];
}

/** Codes of the variant reserved for pending orders (a read of its whole code partition). */
export async function reservedCodeCount(db: Db, variantId: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: '#status = :reserved',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pk': keys.variantCodes(variantId), ':reserved': 'reserved' },
        Select: 'COUNT',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    count += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start);
  return count;
}

/**
 * Delete the given codes of a variant while they are still available, each with its uniqueness
 * item, in transactions of 49: the counter goes down by the number deleted and `progress(n)` (the
 * job's count, conditioned on its lease) goes up in the same transaction, so the counter always
 * equals the available codes and a code is counted once. A code that is no longer available
 * (sold, or already deleted and still on the eventually consistent list) is skipped. Delivered and
 * used codes are never touched. Throws when `progress` fails its condition (lease lost).
 */
export async function purgeCodes(
  db: Db,
  variant: Pick<VariantItem, 'id' | 'product_id'>,
  codes: Code[],
  input: { now: string; progress: (n: number) => TransactItem },
): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < codes.length; i += PER_TRANSACTION) {
    let chunk = codes.slice(i, i + PER_TRANSACTION);
    for (let attempt = 0; chunk.length > 0; attempt++) {
      const items: TransactItem[] = chunk.flatMap((c): TransactItem[] => [
        {
          Delete: {
            TableName: db.table,
            Key: keys.code(variant.id, c.id),
            ConditionExpression: '#status = :available',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':available': 'available' },
          },
        },
        { Delete: { TableName: db.table, Key: keys.codeUnique(codeHash(c.code)) } },
      ]);
      items.push(stockChange(db.table, variant.product_id, variant.id, -chunk.length, input.now));
      items.push(input.progress(chunk.length));
      try {
        await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
        deleted += chunk.length;
        break;
      } catch (error) {
        const reasons = cancellationReasons(error);
        if (!reasons) throw error;
        const gone = new Set(
          chunk.filter((_, k) => reasons[2 * k]?.code === 'ConditionalCheckFailed').map((c) => c.id),
        );
        const conflicted = reasons.some((r) => r.code === 'TransactionConflict');
        // Anything else (the counter, the job's lease) is not ours to retry.
        if (gone.size === 0 && (!conflicted || attempt >= 10)) throw error;
        chunk = chunk.filter((c) => !gone.has(c.id));
        if (gone.size === 0) await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
      }
    }
  }
  return deleted;
}
