import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client';
import { keys } from '../keys';
import { conditionFailedAt } from '../transact';
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
  try {
    await db.doc.send(
      new TransactWriteCommand({ TransactItems: deleteAvailableCodeItems(db.table, code, input.now) }),
    );
  } catch (error) {
    if (conditionFailedAt(error, 0) || conditionFailedAt(error, 2))
      throw conflict('Only available codes can be deleted');
    throw error;
  }
}
