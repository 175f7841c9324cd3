import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { mailer } from '../../clients/mailer';
import { smsProvider } from '../../clients/sms/sms-sender';
import { db } from '../../db/client';
import { changeOfRecord } from '../../db/notify/stream-change';
import { notifyChange, type NotifyDeps } from '../../use-cases/notify/notify-change';
import { config } from '../../runtime/config';
import { createLogger } from '../../runtime/logger';

/**
 * The table's change stream (contract/src/jobs.ts streamConsumers): each record's messages, in
 * stream order. The first record whose send fails is reported as the batch's failure, so the
 * stream retries from it (records before it are done; their messages are not sent again).
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const log = createLogger({ job: 'notify' });
  const deps: NotifyDeps = {
    db: db(),
    mailer: mailer(),
    sms: smsProvider,
    now: () => new Date(),
    shopUrl: config().PUBLIC_URL,
  };
  let sent = 0;
  for (const record of event.Records) {
    try {
      const { change, pk } = changeOfRecord(record);
      const results = await notifyChange(deps, change, pk);
      for (const r of results) {
        // Refused for good: not retried, so the log line is what tells the shop.
        if (r.result === 'failed') log.warn('notice refused (mail or SMS), not retried', { ...r });
        else if (r.result !== 'duplicate') log.info('notice', { ...r });
      }
      sent += results.filter((r) => r.result === 'sent').length;
    } catch (error) {
      log.error('notice not sent: the stream retries it', {
        sequence: record.dynamodb?.SequenceNumber,
        error: (error as Error).message,
      });
      await count(sent, 1);
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  await count(sent, 0);
  return { batchItemFailures: [] };
}

async function count(sent: number, failed: number) {
  if (!sent && !failed) return;
  const { recordJob } = await import('../../runtime/metrics');
  if (sent) recordJob('NotificationsSent', sent);
  if (failed) recordJob('NotifySendFailures', failed);
}
