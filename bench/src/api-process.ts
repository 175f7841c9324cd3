/**
 * The local API server alone, in its own Node process, on the data of a running stack, with
 * handler environment overrides: the bench's second server (bench/src/uncached-api.ts). Its own
 * process because the handlers' environment and module state (the short cache among them) are
 * per process, as they are per Lambda container: a second server inside the stack's process
 * would share the first one's. Prints `BENCH_API {"url":...}` when ready; stops on SIGTERM.
 */
import { join } from 'node:path';
import { startApiServer } from '../../local/src/api-server';
import { handlerEnv } from '../../local/src/handler-env';
import { freePort } from '../../local/src/net';
import { repoRoot, SANDBOX_API_KEY } from '../../local/src/stack';
import type { ApiProcessSpec } from './uncached-api';

const spec = JSON.parse(process.argv[2] ?? 'null') as ApiProcessSpec | null;
if (!spec) throw new Error('usage: api-process.ts <spec json>');
const { stack } = spec;

const port = await freePort();
const server = await startApiServer({
  port,
  env: {
    ...handlerEnv({
      dataDir: spec.dataDir,
      tableName: stack.tableName,
      dynamodbEndpoint: stack.dynamodbEndpoint,
      userPoolId: stack.userPoolId,
      cognitoUrl: stack.cognitoUrl,
      // Links the handlers build (gateway return and webhook URLs) point at the shop itself.
      url: stack.url,
      gatewayUrl: stack.gatewayUrl,
      gatewayApiKey: SANDBOX_API_KEY,
      quiet: true,
    }),
    ...spec.env,
  },
  cognito: { url: stack.cognitoUrl, userPoolId: stack.userPoolId, clientId: stack.clientId },
  webDist: join(repoRoot, 'web', 'dist'),
  edgeCache: false,
});
process.stdout.write(`BENCH_API ${JSON.stringify({ url: server.url })}\n`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
process.stdin.on('end', () => void shutdown());
process.stdin.resume();
