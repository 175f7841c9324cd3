import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../../db/client';
import { indexKeys } from '../../db/keys';
import { cancellationReasons, type CancellationReason } from '../../db/transact';
import { HttpError, outOfStock } from '../../kit/errors';
import type { TransactItem } from './code-item';
import { claimAvailableCodeItem, claimStockItem, type CodeClaim } from './code-transitions';

/** One of the caller's extra transaction items failed its condition (index into extraItems). */
export class ExtraItemFailed extends Error {
  constructor(
    readonly index: number,
    readonly reasons: CancellationReason[],
  ) {
    super(`extra transaction item ${index} failed its condition`);
    this.name = 'ExtraItemFailed';
  }
}

export interface ClaimCodeInput extends CodeClaim {
  variantId: string;
  productId: string;
  /** Other writes that must commit in the SAME transaction (order, payment, balance, ledger...). */
  extraItems?: (code: { id: string; code: string }) => TransactItem[];
  random?: () => number;
}

/** How many available codes one attempt reads, to pick one at random (spreads concurrent buyers). */
const CANDIDATES = 20;
/** Attempts after losing a code to another buyer; each re-reads the available list. */
const MAX_ATTEMPTS = 25;

/**
 * Claim one available code of a variant for an order, in one transaction with the stock counter
 * (-1, condition stock > 0) and the caller's extra items. Throws outOfStock() when the counter says
 * none is left, ExtraItemFailed when one of the caller's items failed. Retries with another candidate
 * only when the chosen code was taken by someone else (or the transaction conflicted).
 */
export async function claimCode(db: Db, input: ClaimCodeInput): Promise<{ id: string; code: string }> {
  if (input.mode === 'reserve' && !input.holdUntil)
    throw new Error('holdUntil is required to reserve a code');
  const random = input.random ?? Math.random;
  const lost = new Set<string>();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const candidates = (await availableCandidates(db, input.variantId)).filter((c) => !lost.has(c.id));
    if (candidates.length === 0) {
      // Nothing claimable on the list. Either sold out, or every candidate we saw was taken while
      // the list (an index, eventually consistent on AWS) caught up: read again after a pause.
      if (lost.size === 0) throw outOfStock();
      lost.clear();
      await pause(attempt, random);
      continue;
    }
    const chosen = candidates[Math.min(candidates.length - 1, Math.floor(random() * candidates.length))]!;
    const extra = input.extraItems?.({ id: chosen.id, code: chosen.code }) ?? [];
    const items: TransactItem[] = [
      claimAvailableCodeItem({ variant_id: input.variantId, id: chosen.id }, input, db.table),
      claimStockItem({ product_id: input.productId, variant_id: input.variantId }, input.now, db.table),
      ...extra,
    ];
    try {
      await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
      return { id: chosen.id, code: chosen.code };
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (!reasons) throw error;
      const failed = (i: number) => reasons[i]?.code === 'ConditionalCheckFailed';
      if (failed(1)) throw outOfStock();
      const extraIndex = reasons.findIndex((r, i) => i >= 2 && r.code === 'ConditionalCheckFailed');
      if (extraIndex >= 0) throw new ExtraItemFailed(extraIndex - 2, reasons);
      if (failed(0)) {
        lost.add(chosen.id);
        continue;
      }
      // TransactionConflict / throttling: someone touched the same items at the same moment.
      if (reasons.some((r) => r.code === 'TransactionConflict' || r.code === 'ThrottlingError')) {
        await pause(attempt, random);
        continue;
      }
      throw error;
    }
  }
  throw new HttpError(409, 'conflict', 'Too many buyers right now. Please try again.');
}

async function availableCandidates(db: Db, variantId: string): Promise<Array<{ id: string; code: string }>> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': indexKeys.availableCodes(variantId) },
      ProjectionExpression: 'id, code',
      Limit: CANDIDATES,
    }),
  );
  return (res.Items ?? []) as Array<{ id: string; code: string }>;
}

/** Short jittered pause so racing buyers do not retry in lockstep. */
function pause(attempt: number, random: () => number): Promise<void> {
  const ms = Math.min(200, 5 * 2 ** Math.min(attempt, 5)) * (0.5 + random());
  return new Promise((r) => setTimeout(r, ms));
}
