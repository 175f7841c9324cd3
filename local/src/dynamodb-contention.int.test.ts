import {
  DynamoDBClient,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { freshTable } from '../../test/db';
import { contentionReport, startContentionProxy, type ContentionProxy } from './dynamodb-contention';

/**
 * The contention proxy against DynamoDB Local: a transaction held in flight (the proxy's `delay`)
 * makes the overlap certain, so each answer below is AWS's documented one, not a lucky timing.
 */
let proxy: ContentionProxy;
let table: string;
let release: () => void = () => undefined;
let holding: Promise<void> | undefined;
const reached: Array<() => void> = [];

/** The next TransactWriteItems stays in flight until release(); resolves when it got there. */
function holdNextTransaction(): Promise<void> {
  holding = new Promise<void>((r) => (release = r));
  return new Promise<void>((r) => reached.push(r));
}

let doc: DynamoDBDocumentClient;

beforeAll(async () => {
  table = (await freshTable('contention')).table;
  proxy = await startContentionProxy({
    upstream: inject('dynamodbEndpoint'),
    emulate: true,
    delay: (operation) => {
      if (operation !== 'TransactWriteItems' || !holding) return undefined;
      const held = holding;
      holding = undefined;
      reached.shift()?.();
      return held;
    },
  });
  // A bare client: no retry of conflicts, so each answer is the proxy's own.
  doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: proxy.endpoint,
      region: 'ap-southeast-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    }),
  );
});

afterAll(async () => {
  release();
  doc.destroy();
  await proxy.stop();
});

const counter = (pk: string) => ({
  Update: {
    TableName: table,
    Key: { pk, sk: 'COUNTER' },
    UpdateExpression: 'ADD n :one',
    ExpressionAttributeValues: { ':one': 1 },
  },
});
const transaction = (...pks: string[]) =>
  doc.send(new TransactWriteCommand({ TransactItems: pks.map(counter) }));

describe('DynamoDB Local behind the contention proxy', () => {
  it('cancels a transaction on an item another transaction in flight writes, with TransactionConflict', async () => {
    const reachedTable = holdNextTransaction();
    const first = transaction('A', 'B');
    await reachedTable;
    const second = await transaction('C', 'B').catch((e: unknown) => e);
    expect(second).toBeInstanceOf(TransactionCanceledException);
    expect((second as TransactionCanceledException).CancellationReasons?.map((r) => r.Code)).toEqual([
      'None',
      'TransactionConflict',
    ]);
    release();
    await first;
    // Once the first committed, the same transaction goes through.
    await transaction('C', 'B');
    const b = await doc.send(new GetCommand({ TableName: table, Key: { pk: 'B', sk: 'COUNTER' } }));
    expect(b.Item?.n).toBe(2);
  });

  it('lets transactions on disjoint items run side by side', async () => {
    const reachedTable = holdNextTransaction();
    const first = transaction('D', 'E');
    await reachedTable;
    // Answered while the first is still held: both of its counters written.
    await transaction('F', 'G');
    for (const pk of ['F', 'G']) {
      const item = await doc.send(new GetCommand({ TableName: table, Key: { pk, sk: 'COUNTER' } }));
      expect(item.Item?.n, pk).toBe(1);
    }
    release();
    await first;
  });

  it('refuses a plain write to an item inside a running transaction; a read passes', async () => {
    const reachedTable = holdNextTransaction();
    const first = transaction('H');
    await reachedTable;
    const put = await doc
      .send(new PutCommand({ TableName: table, Item: { pk: 'H', sk: 'COUNTER', n: 9 } }))
      .catch((e: unknown) => e);
    expect(put).toBeInstanceOf(TransactionConflictException);
    const update = await doc.send(new UpdateCommand(counter('H').Update)).catch((e: unknown) => e);
    expect(update).toBeInstanceOf(TransactionConflictException);
    // The same write to another item is not refused, and a read of the held item is answered.
    await doc.send(new UpdateCommand(counter('I').Update));
    await doc.send(new GetCommand({ TableName: table, Key: { pk: 'H', sk: 'COUNTER' } }));
    release();
    await first;
    await doc.send(new UpdateCommand(counter('H').Update));
  });

  it('counts reads and writes per item and per index partition, and the conflicts', async () => {
    await doc.send(
      new PutCommand({
        TableName: table,
        Item: { pk: 'J', sk: 'ITEM', gsi1pk: 'LIST#1', gsi1sk: 'a' },
      }),
    );
    await doc.send(
      new UpdateCommand({
        TableName: table,
        Key: { pk: 'J', sk: 'ITEM' },
        UpdateExpression: 'SET gsi1sk = :b',
        ExpressionAttributeValues: { ':b': 'b' },
      }),
    );
    await doc.send(new GetCommand({ TableName: table, Key: { pk: 'J', sk: 'ITEM' } }));
    await doc.send(new GetCommand({ TableName: table, Key: { pk: 'J', sk: 'ITEM' }, ConsistentRead: true }));
    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table,
              Key: { pk: 'J', sk: 'ITEM' },
              UpdateExpression: 'SET n = :n',
              ExpressionAttributeValues: { ':n': 1 },
            },
          },
        ],
      }),
    );
    await doc.send(
      new QueryCommand({
        TableName: table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': 'LIST#1' },
      }),
    );
    const report = await contentionReport(proxy.endpoint, table);
    // Units as AWS bills an item under 1 KB: 0.5 + 1 for the two reads, 1 + 1 + 2 for the writes.
    expect(report.items['J|ITEM']).toEqual({
      reads: 2,
      writes: 3,
      readUnits: 1.5,
      writeUnits: 4,
      conflicts: 0,
    });
    // The put entered the index partition and the update moved the item inside it.
    expect(report.partitions['gsi1|LIST#1']).toEqual({ reads: 1, writes: 2 });
    // From the tests above: one cancelled transaction (B), two refused writes (H).
    expect(report.conflicts).toEqual({ transactions: 1, writes: 2 });
    expect(report.items['B|COUNTER']).toMatchObject({ writes: 3, conflicts: 1 });
  });
});
