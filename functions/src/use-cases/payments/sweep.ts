import type { GatewayClient, VerifiedPayment } from '../../clients/uddoktapay';
import type { Db } from '../../db/client';
import { paymentStatusWrite } from '../../db/payments/payment-items';
import { duePayments, scheduleCheck } from '../../db/payments/payment-queue';
import { cancellationReasons, transact, WriteRefused } from '../../db/transact';
import type { PaymentItem } from '../../domain/model';
import { nextCheckAt } from '../../domain/payments/payment-window';
import type { Logger } from '../../runtime/logger';
import { failOrderWrites, settleVerified } from './settle-payment';

export interface SweepDeps {
  db: Db;
  now: () => Date;
  gateway: () => Promise<GatewayClient>;
  log?: Logger;
}

export interface SweepReport {
  checked: number;
  settled: number;
  rescheduled: number;
  extended: number;
  expired: number;
  failed: number;
  errors: number;
  /** How late the most overdue check was when this run began: the backlog the alarm watches. */
  lagSeconds: number;
}

const EXTEND_MS = 30 * 60_000;
const MAX_PENDING_MS = 24 * 3600_000;
/** Gateway calls in flight at once: a minute's checks must fit in the sweeper's minute. */
const PARALLEL = 8;

/**
 * The sweeper: every pending gateway payment whose next check is due (the queue gsi3, sorted by
 * next_check_at) is asked about. COMPLETED settles it. Before the hold ends anything else only
 * schedules the next check (an untouched invoice and a failed one look alike at the gateway; a
 * cancel comes back through the return page). When the hold has ended: PENDING with a payer's
 * TrxID keeps the hold 30 more minutes (up to 24 hours after creation); anything else, or no
 * answer, expires it: order failed 'expired', code released. A payment that lands later still
 * settles (settle-payment.ts).
 */
export async function sweep(deps: SweepDeps, opts: { limit?: number } = {}): Promise<SweepReport> {
  const report: SweepReport = {
    checked: 0,
    settled: 0,
    rescheduled: 0,
    extended: 0,
    expired: 0,
    failed: 0,
    errors: 0,
    lagSeconds: 0,
  };
  const now = deps.now();
  const limit = opts.limit ?? 2000;
  let gateway: Promise<GatewayClient> | undefined;
  let start: string | undefined;
  do {
    const page = await duePayments(deps.db, now, start);
    start = page.next;
    const due = page.items.slice(0, Math.max(0, limit - report.checked));
    const first = report.checked === 0 ? due[0]?.next_check_at : undefined;
    if (first) report.lagSeconds = Math.max(0, Math.round((now.getTime() - Date.parse(first)) / 1000));
    report.checked += due.length;
    for (let i = 0; i < due.length; i += PARALLEL) {
      await Promise.all(
        due.slice(i, i + PARALLEL).map(async (item) => {
          try {
            await checkPayment(deps, item, now, () => (gateway ??= deps.gateway()), report);
          } catch (error) {
            report.errors++;
            deps.log?.error('sweeper step failed', { payment: item.id, error: String(error) });
          }
        }),
      );
    }
    if (report.checked >= limit) break;
  } while (start);
  return report;
}

async function checkPayment(
  deps: SweepDeps,
  item: PaymentItem,
  now: Date,
  gateway: () => Promise<GatewayClient>,
  report: SweepReport,
) {
  const invoice = item.invoice_hint ?? item.invoice_id;
  let verified: VerifiedPayment | undefined;
  if (invoice) {
    try {
      verified = await (await gateway()).verifyPayment(invoice);
    } catch (error) {
      deps.log?.warn('sweeper could not verify', { payment: item.id, error: String(error) });
    }
  }
  if (verified?.status === 'COMPLETED' && verified.metadata.payment_id === item.id) {
    const outcome = await settleVerified(deps, item.id, verified);
    if (outcome === 'completed' || outcome === 'refunded' || outcome === 'review') report.settled++;
    return;
  }
  const holdEnded = !item.hold_until || now.getTime() >= Date.parse(item.hold_until);
  if (!holdEnded) {
    await scheduleCheck(deps.db, item, now, {
      next_check_at: nextCheckAt(now, item.hold_until!, item.created_at),
    });
    report.rescheduled++;
    return;
  }
  // PENDING only holds the code when the payer submitted something (a TrxID under the gateway's
  // manual review); an invoice nobody touched is an abandoned checkout.
  const reviewing = verified?.status === 'PENDING' && Boolean(verified.transactionId);
  if (reviewing && now.getTime() < Date.parse(item.created_at) + MAX_PENDING_MS) {
    const until = new Date(
      Math.min(now.getTime() + EXTEND_MS, Date.parse(item.created_at) + MAX_PENDING_MS),
    ).toISOString();
    await scheduleCheck(deps.db, item, now, {
      hold_until: until,
      next_check_at: nextCheckAt(now, until, item.created_at),
    });
    report.extended++;
    return;
  }
  if (await expire(deps, item, now.toISOString())) report.expired++;
  if (verified?.status === 'FAILED') report.failed++;
}

/** Payment failed (reason expired), order failed 'expired', held code back to available: one transaction. */
async function expire(deps: SweepDeps, p: PaymentItem, now: string): Promise<boolean> {
  const writes = [
    paymentStatusWrite(deps.db.table, p, 'failed', ['pending'], now, { failure_reason: 'expired' }),
  ];
  if (p.kind === 'order' && p.order_id)
    writes.push(...(await failOrderWrites(deps.db, p.order_id, 'expired', now)));
  try {
    await transact(deps.db, writes);
    return true;
  } catch (error) {
    if (error instanceof WriteRefused || cancellationReasons(error)) return false; // settled or expired meanwhile: next run sees the truth
    throw error;
  }
}
