import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createDb, resetDb, type Db } from '../functions/src/db/client';
import { resetConfig } from '../functions/src/kit/config';
import { ensureTable } from '../local/src/dynamodb';

/**
 * A fresh table on the run's DynamoDB Local for one test file, and the environment that makes
 * handler modules (which read TABLE_NAME and DYNAMODB_ENDPOINT) use it.
 */
export async function freshTable(prefix = 'test'): Promise<Db> {
  const endpoint = inject('dynamodbEndpoint');
  const table = `${prefix}-${randomUUID().slice(0, 8)}`;
  await ensureTable(endpoint, table);
  process.env.TABLE_NAME = table;
  process.env.DYNAMODB_ENDPOINT = endpoint;
  process.env.LOG_LEVEL ??= 'silent';
  resetConfig();
  resetDb();
  return createDb({ table, endpoint });
}
