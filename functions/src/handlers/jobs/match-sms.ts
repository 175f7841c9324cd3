import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { db } from '../../db/client';
import { changeOfRecord } from '../../db/notify/stream-change';
import { createLogger } from '../../runtime/logger';
import { matchChanges, trxIdOfChange } from '../../use-cases/wallet/sms-match';

/**
 * The table's change stream, new SMS and new TrxID requests (contract/src/jobs.ts
 * streamConsumers): each TrxID they name is decided at once, credited or sent to review. A TrxID
 * whose decision failed (a fault, not a refusal) reports its first record as the batch's failure,
 * so the stream hands it over again; deciding again is harmless (every write is conditional).
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const log = createLogger({ job: 'match-sms' });
  const records = event.Records.map((r) => ({ record: r, change: changeOfRecord(r).change }));
  const results = await matchChanges(
    { db: db(), now: () => new Date() },
    records.map((r) => r.change),
  );
  const failed = new Set<string>();
  for (const r of results) {
    if (r.error) {
      failed.add(r.trx);
      log.error('TrxID not decided: the stream hands it over again', { trx: r.trx, error: r.error.message });
    } else if (r.outcome !== 'waiting') log.info('TrxID decided', { trx: r.trx, outcome: r.outcome });
  }
  const first = records.find((r) => failed.has(trxIdOfChange(r.change) ?? ''));
  const sequence = first?.record.dynamodb?.SequenceNumber;
  return { batchItemFailures: sequence ? [{ itemIdentifier: sequence }] : [] };
}
