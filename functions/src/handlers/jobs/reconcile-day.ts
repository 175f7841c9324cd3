import { db } from '../../db/client';
import { clock } from '../../runtime/clock';
import { createLogger } from '../../runtime/logger';
import { reconcilePreviousDay } from '../../use-cases/reconciliation/reconcile-day';
import { reconcileDeps } from '../../use-cases/reconciliation/deps';

/** Scheduled hourly (contract/src/jobs.ts): the previous Dhaka day's reconciliation, written once. */
export async function handler(_event?: unknown): Promise<{ day: string; written: boolean; breaks: number }> {
  const result = await reconcilePreviousDay(await reconcileDeps(db(), clock));
  if (result.written) createLogger({ job: 'reconciliation' }).info('reconciliation written', result);
  const { recordHeartbeat } = await import('../../runtime/metrics');
  recordHeartbeat('reconciliation');
  return result;
}
