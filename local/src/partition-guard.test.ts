import { describe, expect, it } from 'vitest';
import { partitionsOf } from './partition-guard';

describe('the local LeadingKeys check', () => {
  it('reads the partition keys of each kind of call', () => {
    expect(partitionsOf('GetCommand', { Key: { pk: 'SITE', sk: 'SETTINGS' } })).toEqual(['SITE']);
    expect(partitionsOf('PutCommand', { Item: { pk: 'RATE#x', sk: 'RATE' } })).toEqual(['RATE#x']);
    expect(
      partitionsOf('QueryCommand', {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': 'CATALOG', ':p': 'PRODUCT#' },
      }),
    ).toEqual(['CATALOG']);
    expect(
      partitionsOf('QueryCommand', {
        IndexName: 'gsi1',
        KeyConditionExpression: '#k = :v',
        ExpressionAttributeNames: { '#k': 'gsi1pk' },
        ExpressionAttributeValues: { ':v': 'ORDERS' },
      }),
    ).toEqual(['ORDERS']);
    expect(
      partitionsOf('TransactWriteCommand', {
        TransactItems: [{ Put: { Item: { pk: 'ORDER#1' } } }, { Update: { Key: { pk: 'USER#1' } } }],
      }),
    ).toEqual(['ORDER#1', 'USER#1']);
    expect(partitionsOf('ScanCommand', {})).toBeUndefined();
  });
});
