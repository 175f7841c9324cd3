import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { keys } from '../keys';
import { transact, write, WriteRefused } from '../transact';
import { conflict, notFound } from '../../domain/refusals';
import { deleteAvailableCodeItems, type CodeItem } from './code-item';

/** Delete an available code with its uniqueness item, counter -1, in one transaction. */
export async function deleteCode(
  db: Db,
  input: { variantId: string; id: string; now: string },
): Promise<void> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.code(input.variantId, input.id), ConsistentRead: true }),
  );
  const code = res.Item as CodeItem | undefined;
  if (!code) throw notFound('Voucher code not found');
  if (code.status !== 'available') throw conflict('Only available codes can be deleted');
  // deleteAvailableCodeItems: the code (while available), its uniqueness item, the counter.
  const [codeItem, uniqueItem, stockItem] = deleteAvailableCodeItems(db.table, code, input.now);
  try {
    await transact(db, [write('code', codeItem!), write('unique', uniqueItem!), write('stock', stockItem!)]);
  } catch (error) {
    // Claimed or deleted since the read (the code, or the counter it held, is gone).
    if (error instanceof WriteRefused && error.has('code', 'stock'))
      throw conflict('Only available codes can be deleted');
    throw error;
  }
}
