import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { jobs, routes } from '@khelaghor/contract';
import { buildHttpEvent } from '@khelaghor/events';
import type { Context } from 'aws-lambda';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { localCursorSecret } from './cursor-secret';
import { localClient } from './dynamodb';
import { readStackFile, repoRoot } from './stack';

// Node 24 here (scripts/node24.mjs); run on an older Node the SDK's notice about its Node 22 floor is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * `npm run invoke -- <routeName|jobName> [events/<file>.json]`: run one handler module on one
 * event against the running local stack's table (ids and endpoints from .data/stack.json).
 * Without an event file, a bare event for the route is built (no caller).
 */
const [name, eventFile] = process.argv.slice(2);
const fail = (line: string): never => {
  console.error(line);
  process.exit(1);
};

const route = name ? (routes as Record<string, (typeof routes)[keyof typeof routes]>)[name] : undefined;
const job = name ? (jobs as Record<string, { handler: string }>)[name] : undefined;
if (!name || (!route && !job)) {
  fail(
    `Usage: npm run invoke -- <name> [events/<file>.json]\nNames: ${[...Object.keys(routes), ...Object.keys(jobs)].join(', ')}`,
  );
}

const stack = readStackFile(join(repoRoot, '.data'));
if (!stack.dynamodbEndpoint || !stack.tableName)
  fail('No local stack found (.data/stack.json): run npm start first.');
const probe = localClient(stack.dynamodbEndpoint!);
await probe
  .send(new ListTablesCommand({ Limit: 1 }))
  .catch(() => fail(`DynamoDB Local at ${stack.dynamodbEndpoint} does not answer: run npm start first.`));
probe.destroy();

Object.assign(process.env, {
  TABLE_NAME: stack.tableName,
  DYNAMODB_ENDPOINT: stack.dynamodbEndpoint,
  ...(stack.userPoolId && { USER_POOL_ID: stack.userPoolId }),
  ...(stack.cognitoUrl && { COGNITO_ENDPOINT: stack.cognitoUrl }),
  ...(stack.url && { PUBLIC_URL: stack.url }),
  ...(stack.gatewayUrl && { GATEWAY_BASE_URL: stack.gatewayUrl, GATEWAY_API_KEY: 'sandbox-api-key' }),
  CURSOR_SECRET: localCursorSecret(join(repoRoot, '.data')),
  LOCAL_SECRETS_DIR: join(repoRoot, '.data', 'secrets'),
  // As the stack's server: callbacks may go to its receiver on this machine (local only).
  CALLBACK_LOOPBACK: 'allow',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
});

let event: unknown;
if (eventFile) {
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), eventFile);
  if (!existsSync(path)) fail(`No such event file: ${eventFile}`);
  event = JSON.parse(readFileSync(path, 'utf8'));
} else if (route) {
  event = buildHttpEvent({ method: route.method, routePath: route.path });
} else {
  event = {
    source: 'aws.scheduler',
    'detail-type': 'Scheduled Event',
    time: new Date().toISOString(),
    detail: {},
  };
}

// Imported after the environment is set: handler modules read it at load time.
const { loadHandler } = await import('../../functions/src/handlers/load');
const handler = (await loadHandler((route ?? job)!.handler)) as unknown as (
  e: unknown,
  c: Context,
) => Promise<unknown>;
const result = await handler(event, {
  awsRequestId: `invoke-${Date.now()}`,
  functionName: `khelaghor-${name}`,
} as Context);
if (result && typeof result === 'object' && 'statusCode' in result) {
  const http = result as { statusCode: unknown; body?: unknown };
  console.log(`status ${http.statusCode}`);
  let body: unknown = http.body;
  try {
    body = JSON.parse(String(http.body));
  } catch {
    // not JSON: print as is
  }
  console.log(typeof body === 'string' ? body : JSON.stringify(body, null, 2));
} else {
  console.log(JSON.stringify(result, null, 2));
}
process.exit(0);
