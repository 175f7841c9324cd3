import { dueSupplierOrders, type SupplierOrderItem } from '../../db/fulfilment/supplier-order-items';
import { inquireSupplierOrder, sendSupplierOrder, type FulfilmentDeps } from './send';

export interface FulfilmentSweepReport {
  checked: number;
  sent: number;
  inquired: number;
  completed: number;
  refused: number;
  queued: number;
  errors: number;
}

/** Supplier calls in flight at once (each has its own 8 s timeout). */
const PARALLEL = 8;

/**
 * The fulfilment half of the scheduled sweep (handlers/jobs/sweep-reservations.ts, every minute):
 * every record whose next check is due. `pending_send` (its request crashed before sending, or a
 * validation went unanswered) is sent by whoever wins the claim; `sent` and `unknown` are
 * inquired, with back-off; a `sending` whose lease ran out becomes `unknown` and is inquired.
 * Two runs at once are harmless: the claim and every move are conditional writes.
 */
export async function sweepFulfilment(
  deps: FulfilmentDeps,
  opts: { limit?: number } = {},
): Promise<FulfilmentSweepReport> {
  const report: FulfilmentSweepReport = {
    checked: 0,
    sent: 0,
    inquired: 0,
    completed: 0,
    refused: 0,
    queued: 0,
    errors: 0,
  };
  const now = deps.now();
  const limit = opts.limit ?? 500;
  let after: string | undefined;
  do {
    const page = await dueSupplierOrders(deps.db, now, after);
    after = page.next;
    const due = page.items.slice(0, Math.max(0, limit - report.checked));
    report.checked += due.length;
    for (let i = 0; i < due.length; i += PARALLEL)
      await Promise.all(due.slice(i, i + PARALLEL).map((r) => step(deps, r, report)));
    if (report.checked >= limit) break;
  } while (after);
  return report;
}

async function step(deps: FulfilmentDeps, record: SupplierOrderItem, report: FulfilmentSweepReport) {
  try {
    const sending = record.state === 'pending_send';
    const end = sending
      ? await sendSupplierOrder(deps, record.order_id)
      : await inquireSupplierOrder(deps, record);
    if (end === 'already') return;
    if (sending) report.sent++;
    else report.inquired++;
    if (end === 'completed') report.completed++;
    if (end === 'refused') report.refused++;
    if (end === 'queued') report.queued++;
  } catch (error) {
    report.errors++;
    deps.log?.error('fulfilment step failed', { order: record.order_id, error: String(error) });
  }
}
