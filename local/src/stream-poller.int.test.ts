import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Db } from '../../functions/src/db/client';
import { freshTable } from '../../test/db';
import { startStreamPoller, type StreamPoller } from './stream-poller';

/**
 * The local stand-in for Lambda's stream event source hands the handler records that unmarshall
 * like Lambda's do. DynamoDB Local's stream, read through the SDK, gives an empty map as `{}` (no
 * type), which unmarshall refuses: the demo reseller's empty price list stopped the notifier.
 */
let db: Db; // freshTable also writes the test admin (USER#admin-1)
let poller: StreamPoller;
const seen: DynamoDBRecord[] = [];

beforeAll(async () => {
  db = await freshTable('stream-poller', { stream: true });
  poller = await startStreamPoller({
    endpoint: inject('dynamodbEndpoint'),
    tableName: db.table,
    keyPrefixes: ['USER#'],
    backoffMs: 20,
    attempts: 2,
    handler: async (event) => {
      seen.push(...event.Records);
    },
  });
});
afterAll(() => poller?.stop());

it('delivers empty maps and lists, nested too, as Lambda would', async () => {
  const item = { pk: 'USER#1', sk: 'RESELLER', prices: {}, ips: [], deep: { a: {}, b: [], c: { d: {} } } };
  await db.doc.send(new PutCommand({ TableName: db.table, Item: item }));
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { pk: 'OTHER#1', sk: 'X', m: {} } }));
  await poller.drained();
  const mine = seen.filter((r) => r.dynamodb?.Keys?.pk?.S === 'USER#1');
  expect(mine).toHaveLength(1);
  expect(seen.some((r) => r.dynamodb?.Keys?.pk?.S === 'OTHER#1')).toBe(false);
  const image = mine[0]!.dynamodb!.NewImage as Record<string, AttributeValue>;
  expect(unmarshall(image)).toEqual(item);
});
