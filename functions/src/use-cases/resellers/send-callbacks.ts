import type { Change } from '../../domain/notify/notices';
import type { CallbackItem } from '../../db/resellers/callback-items';
import { dueCallbacks } from '../../db/resellers/callback-queue';
import { deliverCallback, type CallbackDeps, type DeliveryResult } from './deliver-callback';

export type CallbackReport = Record<DeliveryResult, number> & { errors: number };

const emptyReport = (): CallbackReport => ({
  delivered: 0,
  retry: 0,
  failed: 0,
  waiting: 0,
  skipped: 0,
  errors: 0,
});

/** Callbacks sent side by side: each waits up to the 5 s timeout, and receivers are independent. */
const PARALLEL = 10;

async function deliverAll(
  deps: CallbackDeps,
  ids: string[],
  report: CallbackReport,
  onError: (id: string, error: Error) => void,
): Promise<void> {
  for (let i = 0; i < ids.length; i += PARALLEL) {
    await Promise.all(
      ids.slice(i, i + PARALLEL).map(async (id) => {
        try {
          report[await deliverCallback(deps, id)]++;
        } catch (error) {
          report.errors++;
          onError(id, error as Error);
        }
      }),
    );
  }
}

/**
 * The changes the stream brings: a callback that is due now (a new one, one sent again, one whose
 * reseller just set a URL) is sent at once. Its own attempts' changes are not due (leased, or due
 * later), so they pass by. A failure here is left to the retry job: the callback stays on the queue.
 */
export async function sendStreamedCallbacks(
  deps: CallbackDeps,
  changes: Change[],
  onError: (id: string, error: Error) => void,
): Promise<CallbackReport> {
  const now = deps.now().toISOString();
  const ids = changes.flatMap(({ after }) => {
    const c = after as Partial<CallbackItem> | undefined;
    const due =
      c?.type === 'callback' &&
      c.status === 'pending' &&
      c.next_attempt_at !== undefined &&
      c.next_attempt_at <= now &&
      (!c.lease_until || c.lease_until <= now);
    return due && c.id ? [c.id] : [];
  });
  const report = emptyReport();
  await deliverAll(deps, [...new Set(ids)], report, onError);
  return report;
}

/**
 * The retry job (every minute): every callback whose next attempt is due, oldest first, until the
 * queue is empty or the run's time is nearly up (the next run goes on).
 */
export async function retryDueCallbacks(
  deps: CallbackDeps & { budgetMs?: number },
  onError: (id: string, error: Error) => void,
): Promise<CallbackReport> {
  const started = Date.now();
  const budget = deps.budgetMs ?? 40_000;
  const report = emptyReport();
  let after: string | undefined;
  do {
    const page = await dueCallbacks(deps.db, deps.now(), after);
    await deliverAll(
      deps,
      page.items.map((c) => c.id),
      report,
      onError,
    );
    after = page.next;
  } while (after && Date.now() - started < budget);
  return report;
}
