import type { ImportOutcome } from '@khelaghor/contract/schemas/catalog';
import type { Db } from '../../db/client';
import { getVariant } from '../../db/catalog/catalog-items';
import { notFound } from '../../domain/refusals';
import { invalidCodeReason, MAX_CODES_PER_TRANSACTION, normaliseCode } from '../../db/stock/code-item';
import { codesInShop, insertCodes } from '../../db/stock/insert-codes';
import { shardsForNewCodes } from './shards-for-new-codes';
import { shardBatches } from '../../db/stock/stock-shards';

export interface ImportResult {
  results: Array<{ code: string; status: ImportOutcome; message?: string }>;
  counts: Record<ImportOutcome, number>;
  stock: number;
}

/**
 * Bulk import into one variant. Blank lines are skipped; every other line is reported as added,
 * duplicate_in_file, already_in_shop or invalid. Codes are spread over the variant's stock shards
 * and go in transactions of up to 30 of one shard (code, uniqueness and ticket item each, plus the
 * shard and a check that the variant is still there), so a failed transaction changes nothing; a code
 * lost to a concurrent insert is reported already_in_shop and the rest of its batch is retried.
 */
export async function importCodes(
  db: Db,
  input: { variantId: string; codes: string[]; now: string },
): Promise<ImportResult> {
  const variant = await getVariant(db, input.variantId);
  if (!variant) throw notFound('Variant not found');

  const results: ImportResult['results'] = [];
  const seen = new Set<string>();
  const candidates: Array<{ index: number; code: string }> = [];
  for (const raw of input.codes) {
    const code = normaliseCode(raw);
    if (!code) continue;
    const invalid = invalidCodeReason(code);
    if (invalid) {
      results.push({ code: code.slice(0, 200), status: 'invalid', message: invalid });
    } else if (seen.has(code)) {
      results.push({ code, status: 'duplicate_in_file' });
    } else {
      seen.add(code);
      candidates.push({ index: results.length, code });
      results.push({ code, status: 'added' });
    }
  }

  // Codes already in the shop are not tried.
  const existing = await codesInShop(
    db,
    candidates.map((c) => c.code),
  );
  const fresh = candidates.filter((c) => {
    if (!existing.has(c.code)) return true;
    results[c.index]!.status = 'already_in_shop';
    return false;
  });

  // Each transaction fills one shard (its counter is one item of the transaction).
  const placed = fresh.length ? await shardsForNewCodes(db, variant, fresh.length, input.now) : [];
  for (const { shard, items: batch } of shardBatches(
    fresh,
    (_, i) => placed[i]!.shard,
    MAX_CODES_PER_TRANSACTION,
  )) {
    const outcome = await insertCodes(db, {
      variantId: variant.id,
      productId: variant.product_id,
      shard,
      codes: batch.map((c) => c.code),
      now: input.now,
    });
    // Deleted, or marked by a delete job, since it was read: earlier batches stay.
    if (outcome === 'no-variant') throw notFound('Variant not found');
    // Lost to a concurrent insert of the same string.
    const taken = new Set(outcome.taken);
    for (const c of batch) if (taken.has(c.code)) results[c.index]!.status = 'already_in_shop';
  }

  const counts: Record<ImportOutcome, number> = {
    added: 0,
    duplicate_in_file: 0,
    already_in_shop: 0,
    invalid: 0,
  };
  for (const r of results) counts[r.status]++;
  const after = await getVariant(db, variant.id, true);
  return { results, counts, stock: after?.stock ?? 0 };
}
