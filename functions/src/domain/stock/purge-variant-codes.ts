import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../../db/client';
import { queryAll, type VariantItem } from '../../db/catalog-repo';
import { keys } from '../../db/keys';
import { cancellationReasons } from '../../db/transact';
import { conflict } from '../../kit/errors';
import { codeHash, stockChange, type CodeItem, type TransactItem } from './code-item';

const PER_TRANSACTION = 49; // 2 items per code + the counter <= 100

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

/**
 * Delete every available code of a variant with its uniqueness item, the counter going down by
 * the same number in each batch transaction (so it always equals the available codes). Refused
 * while a code is reserved for a pending order. Delivered and used codes are kept for their buyers.
 */
export async function purgeAvailableCodes(
  db: Db,
  variant: Pick<VariantItem, 'id' | 'product_id'>,
  now: string,
): Promise<number> {
  let deleted = 0;
  for (let pass = 0; pass < 5; pass++) {
    const codes = await codesOfVariant(db, variant.id);
    if (codes.some((c) => c.status === 'reserved')) {
      throw conflict('This variant has codes reserved for pending orders. Please try again later.');
    }
    const available = codes.filter((c) => c.status === 'available');
    if (available.length === 0) return deleted;
    let raced = false;
    for (let i = 0; i < available.length; i += PER_TRANSACTION) {
      const chunk = available.slice(i, i + PER_TRANSACTION);
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
      items.push(stockChange(db.table, variant.product_id, variant.id, -chunk.length, now));
      try {
        await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
        deleted += chunk.length;
      } catch (error) {
        // A code of this chunk was claimed meanwhile: read the codes again.
        if (!cancellationReasons(error)) throw error;
        raced = true;
        break;
      }
    }
    if (!raced) return deleted;
  }
  throw conflict('Codes of this variant are changing. Please try again.');
}
