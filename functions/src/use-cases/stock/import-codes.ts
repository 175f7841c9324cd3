import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetItems } from '../../db/batch-get';
import type { ImportOutcome } from '@khelaghor/contract/schemas/catalog';
import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import { getVariant } from '../../db/catalog-repo';
import { keys } from '../../db/keys';
import { cancellationReasons } from '../../db/transact';
import { notFound } from '../../domain/refusals';
import {
  codeHash,
  insertCodesItems,
  invalidCodeReason,
  MAX_CODES_PER_TRANSACTION,
  normaliseCode,
} from '../../db/stock/code-item';

export interface ImportResult {
  results: Array<{ code: string; status: ImportOutcome; message?: string }>;
  counts: Record<ImportOutcome, number>;
  stock: number;
}

/**
 * Bulk import into one variant. Blank lines are skipped; every other line is reported as added,
 * duplicate_in_file, already_in_shop or invalid. Codes go in transactions of up to 49 (code +
 * uniqueness item each, plus one counter update), so a failed transaction changes nothing; a code
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
  const candidates: Array<{ index: number; code: string; hash: string }> = [];
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
      candidates.push({ index: results.length, code, hash: codeHash(code) });
      results.push({ code, status: 'added' });
    }
  }

  // Codes already in the shop: BatchGet of their uniqueness items (100 keys per call).
  const existing = await existingHashes(
    db,
    candidates.map((c) => c.hash),
  );
  const fresh = candidates.filter((c) => {
    if (!existing.has(c.hash)) return true;
    results[c.index]!.status = 'already_in_shop';
    return false;
  });

  for (let i = 0; i < fresh.length; i += MAX_CODES_PER_TRANSACTION) {
    let batch = fresh.slice(i, i + MAX_CODES_PER_TRANSACTION);
    for (let attempt = 0; batch.length > 0; attempt++) {
      const items = insertCodesItems(db.table, {
        variantId: variant.id,
        productId: variant.product_id,
        codes: batch.map((c) => ({ id: ulid(), code: c.code })),
        now: input.now,
      });
      try {
        await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
        break;
      } catch (error) {
        const reasons = cancellationReasons(error);
        if (!reasons) throw error;
        if (reasons[items.length - 1]?.code === 'ConditionalCheckFailed') throw notFound('Variant not found');
        // Items 2k+1 are uniqueness items: those codes arrived in the shop meanwhile.
        const lost = new Set(
          batch.filter((_, k) => reasons[2 * k + 1]?.code === 'ConditionalCheckFailed').map((c) => c.index),
        );
        if (lost.size === 0 && (attempt >= 10 || !reasons.some((r) => r.code === 'TransactionConflict')))
          throw error;
        for (const index of lost) results[index]!.status = 'already_in_shop';
        batch = batch.filter((c) => !lost.has(c.index));
        if (lost.size === 0) await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
      }
    }
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

async function existingHashes(db: Db, hashes: string[]): Promise<Set<string>> {
  const found = await batchGetItems(
    db,
    hashes.map((h) => keys.codeUnique(h)),
    { projection: 'pk, sk' },
  );
  const prefix = keys.codeUnique('').pk.length;
  return new Set([...found.values()].map((item) => String(item.pk).slice(prefix)));
}
