import { streamConsumers } from '@khelaghor/contract';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { inject } from 'vitest';
import type { Db } from '../src/db/client';
import { loadHandler } from '../src/handlers/load';
import { resetConfig } from '../src/runtime/config';
import { startMailServer, type MailServer } from '../../local/src/mail-server';
import { startStreamPoller, type StreamPoller } from '../../local/src/stream-poller';

export interface Notifier {
  mail: MailServer;
  poller: StreamPoller;
  stop: () => Promise<void>;
}

/**
 * The notifier as on AWS, for tests that read the mails: DynamoDB Local's stream of `db` feeds the
 * real notify handler, and its messages land in a real SMTP server.
 */
export async function startNotifier(db: Db): Promise<Notifier> {
  const mail = await startMailServer({ smtpPort: 0, webPort: 0 });
  process.env.SMTP_URL = mail.smtpUrl;
  resetConfig();
  const notify = (await loadHandler('jobs/notify')) as unknown as (
    event: DynamoDBStreamEvent,
  ) => Promise<DynamoDBBatchResponse>;
  const poller = await startStreamPoller({
    endpoint: inject('dynamodbEndpoint'),
    tableName: db.table,
    keyPrefixes: streamConsumers.notifier.keyPrefixes,
    backoffMs: 50,
    attempts: 4,
    handler: (event) => notify(event),
  });
  return {
    mail,
    poller,
    stop: async () => {
      await poller.stop();
      await mail.stop();
    },
  };
}
