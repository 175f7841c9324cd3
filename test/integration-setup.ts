import type { TestProject } from 'vitest/node';
import { createServer } from 'node:net';
import { startDynamoDb } from '../local/src/dynamodb';

/**
 * Global setup of the integration project: one in-memory DynamoDB Local for the whole run (or the
 * one named by TEST_DYNAMODB_ENDPOINT). Every test file makes its own table (test/db.ts).
 */
export default async function setup(project: TestProject) {
  let endpoint = process.env.TEST_DYNAMODB_ENDPOINT;
  let stop: (() => Promise<void>) | undefined;
  if (!endpoint) {
    const ddb = await startDynamoDb({ port: await freePort() });
    endpoint = ddb.endpoint;
    stop = ddb.stop;
  }
  project.provide('dynamodbEndpoint', endpoint);
  return async () => {
    await stop?.();
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}
