import { ulid } from 'ulid';
import { batchGetItems, itemKey } from '../batch-get';
import type { Db } from '../client';
import { keys } from '../keys';
import { transact, write, WriteRefused, type TransactItem, type Write } from '../transact';
import { codeHash, insertCodesItems, type NewCode } from './code-item';
import { isConflicted } from './transaction-conflict';
import { readShard } from './tickets';

/** Names of a code's writes: its uniqueness item fails when the string is already in the shop. */
const codeWrite = (id: string) => `code:${id}`;
const uniqueWrite = (id: string) => `unique:${id}`;

/**
 * insertCodesItems' items by name: the variant check ('variant', first), per code its item, its
 * uniqueness item and its ticket, then the shard ('stock') and its marks. The first fails when the
 * variant is gone or being deleted, the shard when it is being deleted or got numbers meanwhile.
 */
function insertCodesWrites(items: TransactItem[], codes: NewCode[]): Write[] {
  return items.map((item, i) => {
    if (i === 0) return write('variant', item);
    const c = Math.floor((i - 1) / 3);
    if (c >= codes.length)
      return write(c === codes.length && (i - 1) % 3 === 0 ? 'stock' : `mark:${i}`, item);
    const id = codes[c]!.id;
    return write([codeWrite, uniqueWrite, (x: string) => `ticket:${x}`][(i - 1) % 3]!(id), item);
  });
}

interface Variant {
  variantId: string;
  productId: string;
  shard: number;
}
const variantOf = ({ variantId, productId, shard }: Variant): Variant => ({ variantId, productId, shard });
const variantGone = (error: unknown) => error instanceof WriteRefused && error.has('variant');
/** The shard refused: being deleted (the variant says so too) or numbered by another import meanwhile. */
const shardMoved = (error: unknown) => error instanceof WriteRefused && error.has('stock');

/**
 * One code into a variant's shard: code item, uniqueness item and counter +1 in one transaction.
 * 'exists' when the string is already in the shop, 'no-variant' when the variant is gone or being
 * deleted (nothing written either way).
 */
export async function insertCode(
  db: Db,
  input: Variant & { id: string; code: string; now: string },
): Promise<'added' | 'exists' | 'no-variant'> {
  const codes = [{ id: input.id, code: input.code }];
  for (let attempt = 0; ; attempt++) {
    const { tickets } = await readShard(db, input.variantId, input.shard);
    try {
      const items = insertCodesItems(db.table, { ...variantOf(input), codes, seen: tickets, now: input.now });
      await transact(db, insertCodesWrites(items, codes));
      return 'added';
    } catch (error) {
      if (error instanceof WriteRefused) {
        if (error.has(uniqueWrite(input.id))) return 'exists';
        if (variantGone(error)) return 'no-variant';
        if (shardMoved(error) && attempt < 10) continue;
        if (shardMoved(error)) return 'no-variant';
      }
      throw error;
    }
  }
}

/**
 * Up to 48 new codes (distinct, normalised) into one shard of a variant, all or nothing per transaction, each
 * with a fresh id. A code another request put in the shop meanwhile is left out and the rest is
 * tried again, as is a transaction cancelled by a conflicting one (up to 10 times). Answers the
 * codes left out as already in the shop, or 'no-variant' when the variant is gone or being deleted.
 */
export async function insertCodes(
  db: Db,
  input: Variant & { codes: string[]; now: string },
): Promise<{ taken: string[] } | 'no-variant'> {
  const taken: string[] = [];
  let batch = input.codes;
  for (let attempt = 0; batch.length > 0; attempt++) {
    const codes = batch.map((code) => ({ id: ulid(), code }));
    const { tickets } = await readShard(db, input.variantId, input.shard);
    const items = insertCodesItems(db.table, { ...variantOf(input), codes, seen: tickets, now: input.now });
    try {
      await transact(db, insertCodesWrites(items, codes));
      break;
    } catch (error) {
      if (variantGone(error)) return 'no-variant';
      // Another import numbered the shard meanwhile: read it again (a delete job: the variant says so).
      if (shardMoved(error) && attempt < 10) continue;
      // Codes whose uniqueness item failed arrived in the shop meanwhile.
      const lost = new Set(
        error instanceof WriteRefused
          ? codes.filter((c) => error.has(uniqueWrite(c.id))).map((c) => c.code)
          : [],
      );
      if (lost.size === 0 && (attempt >= 10 || !isConflicted(error))) throw error;
      taken.push(...lost);
      batch = batch.filter((code) => !lost.has(code));
      if (lost.size === 0) await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
    }
  }
  return { taken };
}

/** Which of these codes are already in the shop: BatchGet of their uniqueness items (100 keys per call). */
export async function codesInShop(db: Db, codes: string[]): Promise<Set<string>> {
  const unique = (code: string) => keys.codeUnique(codeHash(code));
  const found = await batchGetItems(db, codes.map(unique), { projection: 'pk, sk' });
  return new Set(codes.filter((code) => found.has(itemKey(unique(code)))));
}
