import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoDb } from '../local/src/dynamodb';
import { startContentionProxy, type ContentionProxy } from '../local/src/dynamodb-contention';
import { freePort } from '../local/src/net';

/**
 * Global setup of the integration project: one in-memory DynamoDB Local for the whole run (or the
 * one named by TEST_DYNAMODB_ENDPOINT), behind the contention proxy that answers transaction
 * conflicts as AWS does (local/src/dynamodb-contention.ts). Every test file makes its own table (test/db.ts). The
 * gateway API key's local secret store is a temporary directory of this run (one file per table),
 * removed at the end; the test workers, started after this, inherit LOCAL_SECRETS_DIR.
 */
export default async function setup(project: TestProject) {
  const secretsDir = mkdtempSync(join(tmpdir(), 'khelaghor-secrets-'));
  process.env.LOCAL_SECRETS_DIR = secretsDir;
  project.provide('localSecretsDir', secretsDir);
  let endpoint = process.env.TEST_DYNAMODB_ENDPOINT;
  let stop: (() => Promise<void>) | undefined;
  let proxy: ContentionProxy;
  if (!endpoint) {
    const ddb = await startDynamoDb({ port: await freePort() });
    endpoint = ddb.endpoint;
    stop = ddb.stop;
    proxy = ddb.contention;
  } else {
    proxy = await startContentionProxy({ upstream: endpoint });
    endpoint = proxy.endpoint;
    stop = proxy.stop;
  }
  project.provide('dynamodbEndpoint', endpoint);
  return async () => {
    const { transactions, writes } = proxy.conflicts();
    // How often the run met AWS's transaction conflicts (and handled them).
    console.info(`contention proxy: ${transactions} transactions cancelled, ${writes} writes refused`);
    await stop?.();
    rmSync(secretsDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
    localSecretsDir: string;
  }
}
