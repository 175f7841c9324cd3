import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { changeOfRecord } from '../../db/notify/stream-change';
import { callbackDeps } from '../../use-cases/resellers/callback-deps';
import { sendStreamedCallbacks } from '../../use-cases/resellers/send-callbacks';
import { createLogger } from '../../runtime/logger';

/**
 * The table's change stream, CALLBACK# items only (contract/src/jobs.ts streamConsumers): a
 * callback that is due is sent at once. Nothing is reported failed: a callback that could not be
 * sent stays on the queue, and the retry job (every minute) tries it again.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const log = createLogger({ job: 'send-callbacks' });
  const report = await sendStreamedCallbacks(
    callbackDeps(),
    event.Records.map((r) => changeOfRecord(r).change),
    (id, error) => log.error('callback not sent: the retry job tries again', { id, error: error.message }),
  );
  if (report.delivered + report.retry + report.failed + report.waiting)
    log.info('callbacks sent', { ...report });
  return { batchItemFailures: [] };
}
