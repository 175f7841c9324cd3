import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { writeAdminRole } from '../functions/src/db/users/admin-role';
import { createDb, resetDb, type Db } from '../functions/src/db/client';
import { resetConfig } from '../functions/src/runtime/config';
import { ensureTable } from '../local/src/dynamodb';
import { admin } from './invoke';

/**
 * A fresh table on the run's DynamoDB Local for one test file, and the environment that makes
 * handler modules (which read TABLE_NAME and DYNAMODB_ENDPOINT) use it. The test admin (`admin`
 * of test/invoke.ts) gets its role record, as a real admin has one besides the group claim.
 */
export async function freshTable(prefix = 'test', opts: { stream?: boolean } = {}): Promise<Db> {
  const endpoint = inject('dynamodbEndpoint');
  const table = `${prefix}-${randomUUID().slice(0, 8)}`;
  // Only the notifier's tests read the change stream (see ensureTable).
  await ensureTable(endpoint, table, { stream: opts.stream ?? false });
  process.env.TABLE_NAME = table;
  process.env.DYNAMODB_ENDPOINT = endpoint;
  process.env.LOG_LEVEL ??= 'silent';
  resetConfig();
  resetDb();
  const db = createDb({ table, endpoint });
  await writeAdminRole(
    db,
    admin.userId,
    { isAdmin: true, by: 'test', now: new Date() },
    { profile: 'if-exists' },
  );
  return db;
}
