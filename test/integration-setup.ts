import type { TestProject } from 'vitest/node';
import { startDynamoDb } from '../local/src/dynamodb';
import { freePort } from '../local/src/net';

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

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}
