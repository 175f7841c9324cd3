import { db } from '../../db/client';
import { writeDailySummary } from '../../use-cases/notify/daily-summary';
import { createLogger } from '../../runtime/logger';

/** Scheduled hourly (contract/src/jobs.ts): yesterday's summary for the shop, written once. */
export async function handler(_event?: unknown): Promise<{ day: string; written: boolean }> {
  const result = await writeDailySummary(db(), new Date());
  if (result.written) createLogger({ job: 'daily-summary' }).info('day summary written', result);
  const { recordHeartbeat } = await import('../../runtime/metrics');
  recordHeartbeat('dailySummary');
  return result;
}
