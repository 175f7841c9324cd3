import { QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../../db/client';
import type { PaymentItem } from '../../db/commerce-repo';
import { indexKeys, keys, timeKey } from '../../db/keys';
import { cancellationReasons } from '../../db/transact';
import type { Logger } from '../../kit/logger';
import type { GatewayClient } from '../gateway/uddoktapay-client';
import { paymentStatusItem } from '../orders/order-items';
import { failOrderItems, settleVerified } from './settle-payment';

export interface SweepDeps {
  db: Db;
  now: () => Date;
  gateway: () => Promise<GatewayClient>;
  log?: Logger;
}

export interface SweepReport {
  checked: number;
  settled: number;
  extended: number;
  expired: number;
  failed: number;
  errors: number;
}

const HOLD_MS = 30 * 60_000;
const MAX_PENDING_MS = 24 * 3600_000;

/**
 * The sweeper: every gateway payment whose hold has run out (the queue gsi3 sorted by
 * hold_until) is asked about once more. COMPLETED settles it; PENDING keeps the hold for another
 * 30 minutes, up to 24 hours after creation; anything else (or no answer) expires it: order
 * failed 'expired', code released. A payment that lands later still settles (settle-payment).
 */
export async function sweep(deps: SweepDeps, opts: { limit?: number } = {}): Promise<SweepReport> {
  const report: SweepReport = { checked: 0, settled: 0, extended: 0, expired: 0, failed: 0, errors: 0 };
  const now = deps.now();
  const nowIso = now.toISOString();
  let gateway: GatewayClient | undefined;
  let start: Record<string, unknown> | undefined;
  const limit = opts.limit ?? 500;
  do {
    const res = await deps.db.doc.send(
      new QueryCommand({
        TableName: deps.db.table,
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :now',
        ExpressionAttributeValues: { ':pk': indexKeys.pendingGatewayPayments(), ':now': nowIso },
        ExclusiveStartKey: start,
        Limit: 100,
      }),
    );
    start = res.LastEvaluatedKey;
    for (const item of (res.Items ?? []) as PaymentItem[]) {
      if (report.checked >= limit) return report;
      report.checked++;
      try {
        const invoice = item.invoice_id ?? item.invoice_hint;
        let verdict: 'COMPLETED' | 'PENDING' | 'FAILED' | 'UNKNOWN' = 'UNKNOWN';
        let verified;
        if (invoice) {
          try {
            gateway ??= await deps.gateway();
            verified = await gateway.verifyPayment(invoice);
            verdict = verified.metadata.payment_id === item.id ? verified.status : 'UNKNOWN';
            // PENDING only holds the code when the payer submitted something (a TrxID under manual
            // review); an invoice nobody touched is an abandoned checkout.
            if (verdict === 'PENDING' && !verified.transactionId) verdict = 'UNKNOWN';
          } catch (error) {
            deps.log?.warn('sweeper could not verify', { payment: item.id, error: String(error) });
          }
        }
        if (verdict === 'COMPLETED' && verified) {
          const outcome = await settleVerified(deps, item.id, verified);
          if (outcome === 'completed' || outcome === 'refunded' || outcome === 'review') report.settled++;
        } else if (verdict === 'PENDING' && now.getTime() < Date.parse(item.created_at) + MAX_PENDING_MS) {
          await extendHold(deps.db, item, now);
          report.extended++;
        } else {
          if (await expire(deps, item, nowIso)) report.expired++;
          if (verdict === 'FAILED') report.failed++;
        }
      } catch (error) {
        report.errors++;
        deps.log?.error('sweeper step failed', { payment: item.id, error: String(error) });
      }
    }
  } while (start);
  return report;
}

async function extendHold(db: Db, p: PaymentItem, now: Date): Promise<void> {
  const until = new Date(Math.min(now.getTime() + HOLD_MS, Date.parse(p.created_at) + MAX_PENDING_MS)).toISOString();
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.payment(p.id),
      UpdateExpression: 'SET hold_until = :h, gsi3sk = :sk, updated_at = :now',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':h': until, ':sk': timeKey(until, p.id), ':now': now.toISOString(), ':pending': 'pending' },
    }),
  );
}

/** Payment failed (reason expired), order failed 'expired', held code back to available: one transaction. */
async function expire(deps: SweepDeps, p: PaymentItem, now: string): Promise<boolean> {
  const items = [paymentStatusItem(deps.db.table, p, 'failed', ['pending'], now, { failure_reason: 'expired' })];
  if (p.kind === 'order' && p.order_id) items.push(...(await failOrderItems(deps.db, p.order_id, 'expired', now)));
  try {
    await deps.db.doc.send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (cancellationReasons(error)) return false; // settled or expired meanwhile: next run sees the truth
    throw error;
  }
}
