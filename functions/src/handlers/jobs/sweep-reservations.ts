import { commerceDeps } from '../../use-cases/payments/deps';
import { sweep, type SweepDeps, type SweepReport } from '../../use-cases/payments/sweep';
import { createLogger } from '../../runtime/logger';

export { sweep };

/** Scheduled every minute (contract/src/jobs.ts): release expired holds, poll pending payments. */
export async function handler(_event?: unknown): Promise<SweepReport> {
  const log = createLogger({ job: 'sweep-reservations' });
  const deps: SweepDeps = { ...commerceDeps(), log };
  const report = await sweep(deps);
  if (report.checked) log.info('sweep done', { ...report });
  const { recordJob, recordHeartbeat } = await import('../../runtime/metrics');
  recordJob('SweepErrors', report.errors);
  recordJob('SweepLagSeconds', report.lagSeconds);
  recordHeartbeat('sweeper');
  return report;
}
