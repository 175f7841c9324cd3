import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { localClient } from './dynamodb';

/**
 * What Lambda's event source mapping does for a DynamoDB stream on AWS, for DynamoDB Local: read
 * each shard in order, hand the consumer batches of records (only those whose pk starts with one
 * of its key prefixes: the event filter), and on a reported failure call it again from the failed
 * record with back-off; after `attempts` tries the batch goes to `onGiveUp` (the on-failure
 * destination on AWS) and reading goes on. It starts at the oldest record the stream keeps: the
 * consumer is idempotent, so records seen in an earlier run are not sent again.
 */
export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

export interface StreamPollerOptions {
  endpoint: string;
  tableName: string;
  handler: StreamHandler;
  keyPrefixes: readonly string[];
  /** Only these kinds of change (the event filter's `eventName` on AWS); default: all. */
  eventNames?: readonly string[];
  batchSize?: number;
  /** Pause when a shard has nothing new (ms). */
  idleMs?: number;
  /** Tries of one batch, and the first back-off (doubling). */
  attempts?: number;
  backoffMs?: number;
  onGiveUp?: (records: DynamoDBRecord[], error: string) => void;
}

export interface StreamPoller {
  /** Resolves once every record written before the call has been handled (or given up on). */
  drained(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startStreamPoller(opts: StreamPollerOptions): Promise<StreamPoller> {
  const config = {
    endpoint: opts.endpoint,
    region: 'ap-southeast-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  const table = localClient(opts.endpoint);
  const { Table } = await table.send(new DescribeTableCommand({ TableName: opts.tableName }));
  table.destroy();
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`table ${opts.tableName} has no stream`);
  const streams = new DynamoDBStreamsClient(config);
  const idleMs = opts.idleMs ?? 200;
  const attempts = opts.attempts ?? 5;
  const backoffMs = opts.backoffMs ?? 500;
  let stopping = false;
  /** Bumped each time a pass over the shards found nothing new: drained() waits for it. */
  let idlePasses = 0;
  const iterators = new Map<string, string | undefined>();
  const finished = new Set<string>();
  /** The last record read of each shard: where a new iterator starts when an old one expired. */
  const lastSeq = new Map<string, string>();

  const wanted = (r: StreamRecord) => {
    const pk = r.dynamodb?.Keys?.pk?.S ?? '';
    if (opts.eventNames && !opts.eventNames.includes(r.eventName ?? '')) return false;
    return opts.keyPrefixes.some((p) => pk.startsWith(p));
  };

  async function handleBatch(records: DynamoDBRecord[]): Promise<void> {
    let from = 0;
    for (let attempt = 1; from < records.length; attempt++) {
      let failedAt: number | undefined;
      let error = '';
      try {
        const answer = await opts.handler({ Records: records.slice(from) });
        const failed = answer?.batchItemFailures?.[0]?.itemIdentifier;
        if (failed !== undefined) {
          failedAt = records.findIndex((r) => r.dynamodb?.SequenceNumber === failed);
          error = `record ${failed} reported failed`;
          if (failedAt < from) failedAt = from;
        }
      } catch (e) {
        failedAt = from;
        error = (e as Error).message;
      }
      if (failedAt === undefined) return;
      from = failedAt;
      if (attempt >= attempts || stopping) {
        opts.onGiveUp?.(records.slice(from), error);
        return;
      }
      await sleep(backoffMs * 2 ** (attempt - 1));
    }
  }

  async function pass(): Promise<boolean> {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    let found = false;
    for (const shard of StreamDescription?.Shards ?? []) {
      const id = shard.ShardId!;
      if (finished.has(id)) continue;
      // Children wait for their parent (the order of a key's changes).
      if (shard.ParentShardId && iterators.has(shard.ParentShardId) && !finished.has(shard.ParentShardId))
        continue;
      let iterator = iterators.get(id);
      if (!iterators.has(id)) {
        const after = lastSeq.get(id);
        iterator = (
          await streams.send(
            new GetShardIteratorCommand({
              StreamArn: streamArn,
              ShardId: id,
              ...(after
                ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }
                : { ShardIteratorType: 'TRIM_HORIZON' }),
            }),
          )
        ).ShardIterator;
      }
      if (!iterator) {
        finished.add(id);
        continue;
      }
      const page = await streams
        .send(new GetRecordsCommand({ ShardIterator: iterator, Limit: opts.batchSize ?? 100 }))
        .catch((error: unknown) => {
          iterators.delete(id); // expired (15 minutes): the next pass starts after lastSeq
          throw error;
        });
      iterators.set(id, page.NextShardIterator);
      const last = page.Records?.at(-1)?.dynamodb?.SequenceNumber;
      if (last) lastSeq.set(id, last);
      if (!page.NextShardIterator) finished.add(id);
      const records = (page.Records ?? []).filter(wanted).map((r) => toLambdaRecord(r, streamArn!));
      if (page.Records?.length) found = true;
      if (records.length) await handleBatch(records);
    }
    return found;
  }

  const loop = (async () => {
    while (!stopping) {
      let found = false;
      try {
        found = await pass();
      } catch (error) {
        if (!stopping) console.error(`[stream] ${(error as Error).message}`);
      }
      if (!found) {
        idlePasses++;
        await sleep(idleMs);
      }
    }
  })();

  return {
    async drained(timeoutMs = 15_000) {
      // Two empty passes after the call: the first may have started before the last write.
      const target = idlePasses + 2;
      const deadline = Date.now() + timeoutMs;
      while (idlePasses < target) {
        if (Date.now() > deadline) throw new Error('the stream was not drained in time');
        await sleep(20);
      }
    },
    async stop() {
      stopping = true;
      await loop;
      streams.destroy();
    },
  };
}

/** The record as Lambda delivers it (creation time in epoch seconds, the stream's ARN). */
function toLambdaRecord(r: StreamRecord, arn: string): DynamoDBRecord {
  const d = r.dynamodb ?? {};
  return {
    eventID: r.eventID,
    eventName: r.eventName as DynamoDBRecord['eventName'],
    eventVersion: r.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: r.awsRegion,
    eventSourceARN: arn,
    dynamodb: {
      ApproximateCreationDateTime: d.ApproximateCreationDateTime
        ? d.ApproximateCreationDateTime.getTime() / 1000
        : undefined,
      Keys: d.Keys as never,
      NewImage: typedImage(d.NewImage) as never,
      OldImage: typedImage(d.OldImage) as never,
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType,
    },
  };
}

/**
 * DynamoDB Local's stream, read through the SDK, gives an empty map as `{}` (no type), which
 * unmarshall refuses; Lambda's records say `{ "M": {} }`. Empty lists come through typed.
 */
function typedImage<T>(image: T): T {
  if (!image) return image;
  const fix = (value: Record<string, unknown>): Record<string, unknown> => {
    if (Object.keys(value).length === 0) return { M: {} };
    if (value.M) return { M: typedMap(value.M as Record<string, Record<string, unknown>>) };
    if (value.L) return { L: (value.L as Array<Record<string, unknown>>).map(fix) };
    return value;
  };
  const typedMap = (map: Record<string, Record<string, unknown>>) =>
    Object.fromEntries(Object.entries(map).map(([k, v]) => [k, fix(v)]));
  return typedMap(image as Record<string, Record<string, unknown>>) as T;
}
