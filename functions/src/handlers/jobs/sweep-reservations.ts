import { fulfilmentDeps } from '../../use-cases/payments/deps';
import { sweepFulfilment } from '../../use-cases/fulfilment/sweep-fulfilment';
import { unknownOutcomesWaiting } from '../../use-cases/fulfilment/queue-view';
import { BALANCE_CHECK_MINUTES, checkSupplierBalances } from '../../use-cases/suppliers/health-view';
import { sweep, type SweepDeps, type SweepReport } from '../../use-cases/payments/sweep';
import { expireManualTopups } from '../../use-cases/wallet/sms-expiry';
import { restockCodes } from '../../db/stock/restock';
import { findSilentPhones } from '../../use-cases/payments/sms-phone-watch';
import { config } from '../../runtime/config';
import { createLogger } from '../../runtime/logger';

export { sweep };

/**
 * Scheduled every minute (contract/src/jobs.ts): release expired holds, poll pending payments,
 * give codes back in stock their tickets (db/stock/restock.ts), expire the TrxID requests whose SMS did not come in their window, send and inquire supplier
 * orders (use-cases/fulfilment/sweep-fulfilment.ts).
 */
export async function handler(_event?: unknown): Promise<SweepReport> {
  const log = createLogger({ job: 'sweep-reservations' });
  const deps: SweepDeps & ReturnType<typeof fulfilmentDeps> = { ...fulfilmentDeps(), log };
  const report = await sweep(deps);
  if (report.checked) log.info('sweep done', { ...report });
  // Apart from the gateway's sweep: a fault here is logged and tried again next minute.
  const expired = await expireManualTopups(deps).catch((error: Error) => {
    log.error('TrxID requests not expired: tried again next minute', { error: error.message });
    return 0;
  });
  if (expired) log.info('TrxID requests expired', { expired });
  // Codes back from released holds, and codes whose ticket was never used, are sold again.
  const restocked = await restockCodes(deps.db, deps.now()).catch((error: Error) => {
    log.error('codes not restocked: tried again next minute', { error: error.message });
    return { returned: 0, stranded: 0 };
  });
  if (restocked.returned || restocked.stranded) log.info('codes back in stock', { ...restocked });
  // Issue 31: supplier orders to send (a request that died after its commit) or to inquire.
  const fulfilment = await sweepFulfilment(deps).catch((error: Error) => {
    log.error('fulfilment sweep failed: tried again next minute', { error: error.message });
    return { queued: 0, errors: 1, checked: 0 };
  });
  if (fulfilment.checked) log.info('fulfilment sweep done', { ...fulfilment });
  // A receiving phone quiet while a TrxID request waits for its SMS (docs/sms-forwarder.md).
  const silent = await findSilentPhones(deps.db, deps.now(), config().SMS_SILENT_MINUTES).catch(
    (error: Error) => {
      log.error('silent-phone check failed: tried again next minute', { error: error.message });
      return [];
    },
  );
  for (const phone of silent) log.warn('receiving phone silent while a TrxID request waits', { ...phone });
  // Issue 31: supplier outcomes unknown for 10 minutes, waiting for an operator (the alarm's metric).
  const unknown = await unknownOutcomesWaiting(deps.db).catch((error: Error) => {
    log.error('unknown supplier outcomes not counted: tried again next minute', { error: error.message });
    return 0;
  });
  if (unknown) log.warn('supplier outcomes unknown for 10 minutes wait in the Fulfilment queue', { unknown });
  // Every quarter hour: the suppliers' balances against their alert levels (one mail when low).
  if (deps.now().getUTCMinutes() % BALANCE_CHECK_MINUTES === 0)
    await checkSupplierBalances(deps.db).catch((error: Error) => {
      log.error('supplier balances not checked: tried again in 15 minutes', { error: error.message });
    });
  const { recordJob, recordHeartbeat } = await import('../../runtime/metrics');
  recordJob('SweepErrors', report.errors);
  recordJob('SweepLagSeconds', report.lagSeconds);
  recordJob('SilentSmsPhones', silent.length);
  recordJob('FulfilmentQueued', fulfilment.queued);
  recordJob('FulfilmentErrors', fulfilment.errors);
  recordJob('SupplierOutcomesUnknown', unknown);
  recordHeartbeat('sweeper');
  return report;
}
