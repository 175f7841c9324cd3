import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config, localEndpoint } from '../runtime/config';
import { retryConflicts } from './conflict-retry';
import { keptPerContainer } from '../runtime/container-state';

/** What every repository and domain function receives: the document client and the table name. */
export interface Db {
  doc: DynamoDBDocumentClient;
  table: string;
}

let shared: Db | undefined;
keptPerContainer(resetDb);

/** One client per Lambda container (or per local server process). */
export function db(): Db {
  if (!shared) {
    const { TABLE_NAME, AWS_REGION, DYNAMODB_ENDPOINT } = config();
    shared = createDb({ table: TABLE_NAME, region: AWS_REGION, endpoint: DYNAMODB_ENDPOINT });
  }
  return shared;
}

export function createDb(opts: {
  table: string;
  region?: string;
  endpoint?: string;
  /** Tests: add middleware beneath the shop's own (e.g. faults a real table would answer). */
  beneath?: (client: DynamoDBClient) => void;
}): Db {
  const client = new DynamoDBClient({
    region: opts.region ?? 'ap-southeast-1',
    ...localEndpoint(opts.endpoint),
    maxAttempts: 3,
  });
  retryConflicts(client);
  opts.beneath?.(client);
  return {
    doc: DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
    }),
    table: opts.table,
  };
}

/** Tests point the shared client at another table between files. */
export function resetDb(): void {
  shared = undefined;
}
