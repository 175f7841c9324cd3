import { commerceDeps } from '../../use-cases/payments/deps';
import { sweep, type SweepDeps, type SweepReport } from '../../use-cases/payments/sweep';
import { expireManualTopups } from '../../use-cases/wallet/sms-expiry';
import { createLogger } from '../../runtime/logger';

export { sweep };

/**
 * Scheduled every minute (contract/src/jobs.ts): release expired holds, poll pending payments,
 * expire the TrxID requests whose SMS did not come in their window.
 */
export async function handler(_event?: unknown): Promise<SweepReport> {
  const log = createLogger({ job: 'sweep-reservations' });
  const deps: SweepDeps = { ...commerceDeps(), log };
  const report = await sweep(deps);
  if (report.checked) log.info('sweep done', { ...report });
  // Apart from the gateway's sweep: a fault here is logged and tried again next minute.
  const expired = await expireManualTopups(deps).catch((error: Error) => {
    log.error('TrxID requests not expired: tried again next minute', { error: error.message });
    return 0;
  });
  if (expired) log.info('TrxID requests expired', { expired });
  const { recordJob, recordHeartbeat } = await import('../../runtime/metrics');
  recordJob('SweepErrors', report.errors);
  recordJob('SweepLagSeconds', report.lagSeconds);
  recordHeartbeat('sweeper');
  return report;
}
