import { callbackDeps } from '../../use-cases/resellers/callback-deps';
import { retryDueCallbacks, type CallbackReport } from '../../use-cases/resellers/send-callbacks';
import { createLogger } from '../../runtime/logger';

/** Scheduled every minute (contract/src/jobs.ts): every reseller callback whose next attempt is due. */
export async function handler(_event?: unknown): Promise<CallbackReport> {
  const log = createLogger({ job: 'retry-callbacks' });
  const report = await retryDueCallbacks(callbackDeps(), (id, error) =>
    log.error('callback attempt broke off', { id, error: error.message }),
  );
  if (report.delivered + report.retry + report.failed + report.waiting)
    log.info('callbacks retried', { ...report });
  const { recordHeartbeat } = await import('../../runtime/metrics');
  recordHeartbeat('retryCallbacks');
  return report;
}
