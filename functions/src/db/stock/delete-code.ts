import { getItem } from '../batch-get';
import type { Db } from '../client';
import { keys } from '../keys';
import { transact, write, WriteRefused } from '../transact';
import { conflict, notFound } from '../../domain/refusals';
import { deleteAvailableCodeItems, type CodeItem } from './code-item';
import { readShard, ticketCode } from './tickets';

/**
 * Delete an available code with its uniqueness item in one transaction, its shard's tickets kept
 * right (deleteAvailableCodeItems); tried again a few times when a sale moved the shard meanwhile.
 */
export async function deleteCode(
  db: Db,
  input: { variantId: string; id: string; now: string },
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const code = await getItem<CodeItem & { ticket?: number }>(db, keys.code(input.variantId, input.id));
    if (!code) throw notFound('Voucher code not found');
    if (code.status !== 'available') throw conflict('Only available codes can be deleted');
    const n = code.stock_shard ?? 0;
    const shard = await readShard(db, input.variantId, n);
    const last =
      code.ticket !== undefined && code.ticket >= shard.taken && code.ticket < shard.tickets - 1
        ? ticketCode(await getItem(db, keys.ticket(input.variantId, n, shard.tickets - 1)))
        : undefined;
    const items = deleteAvailableCodeItems(db.table, code, input.now, shard, last);
    try {
      await transact(
        db,
        items.map((item, i) => write(i === 0 ? 'code' : `item:${i}`, item)),
      );
      return;
    } catch (error) {
      // The code was claimed or deleted since the read.
      if (error instanceof WriteRefused && error.has('code'))
        throw conflict('Only available codes can be deleted');
      // A buyer took a ticket of the shard meanwhile: read again.
      if (!(error instanceof WriteRefused) || attempt >= 5) throw error;
    }
  }
}
