import { describe, expect, it } from 'vitest';
import { indexWrites, itemTouches, queriedPartition } from './dynamodb-requests';

const S = (s: string) => ({ S: s });

describe('what a DynamoDB request touches', () => {
  it('names the items of a transaction in order, a ConditionCheck as a read', () => {
    const touches = itemTouches('TransactWriteItems', {
      TransactItems: [
        { Put: { TableName: 't', Item: { pk: S('A'), sk: S('1'), gsi1pk: S('L') } } },
        { ConditionCheck: { TableName: 't', Key: { pk: S('B'), sk: S('2') } } },
        { Delete: { TableName: 't', Key: { pk: S('C'), sk: S('3') } } },
      ],
    });
    expect(touches.map((t) => [t.id, t.kind])).toEqual([
      ['t|A|1', 'write'],
      ['t|B|2', 'read'],
      ['t|C|3', 'write'],
    ]);
  });

  it('reads the attributes an update writes, not the ones it only reads', () => {
    const [touch] = itemTouches('UpdateItem', {
      TableName: 't',
      Key: { pk: S('A'), sk: S('1') },
      UpdateExpression: 'SET #s = :s, stock = stock - :n, gsi1sk = :k REMOVE lock_owner ADD free_ids :ids',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':s': S('sold'), ':n': { N: '1' }, ':k': S('x'), ':ids': { SS: ['a'] } },
    });
    expect([...touch!.sets!].sort()).toEqual(['free_ids', 'gsi1sk', 'lock_owner', 'status', 'stock']);
    expect(touch!.assigned).toEqual({ status: S('sold'), gsi1sk: S('x') });
  });

  it('counts an index partition when the item enters, moves in or leaves it', () => {
    const put = itemTouches('PutItem', {
      TableName: 't',
      Item: { pk: S('A'), sk: S('1'), gsi1pk: S('L1') },
    })[0]!;
    const entered = indexWrites(put, {});
    expect(entered).toEqual({ partitions: ['gsi1|L1'], after: { gsi1pk: 'L1' } });
    // A write of an attribute no index keeps leaves the indexes alone.
    const note = itemTouches('UpdateItem', {
      TableName: 't',
      Key: { pk: S('A'), sk: S('1') },
      UpdateExpression: 'SET note = :n',
      ExpressionAttributeValues: { ':n': S('x') },
    })[0]!;
    expect(indexWrites(note, entered.after).partitions).toEqual([]);
    const moved = itemTouches('UpdateItem', {
      TableName: 't',
      Key: { pk: S('A'), sk: S('1') },
      UpdateExpression: 'SET gsi1pk = :p',
      ExpressionAttributeValues: { ':p': S('L2') },
    })[0]!;
    expect(indexWrites(moved, entered.after)).toEqual({
      partitions: ['gsi1|L1', 'gsi1|L2'],
      after: { gsi1pk: 'L2' },
    });
    const gone = itemTouches('DeleteItem', { TableName: 't', Key: { pk: S('A'), sk: S('1') } })[0]!;
    expect(indexWrites(gone, { gsi1pk: 'L2' })).toEqual({ partitions: ['gsi1|L2'], after: {} });
  });

  it('names the partition a query reads, on the table or an index', () => {
    expect(
      queriedPartition({
        IndexName: 'gsi1',
        KeyConditionExpression: '#p = :p AND begins_with(gsi1sk, :s)',
        ExpressionAttributeNames: { '#p': 'gsi1pk' },
        ExpressionAttributeValues: { ':p': S('LIST'), ':s': S('a') },
      }),
    ).toBe('gsi1|LIST');
    expect(
      queriedPartition({
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': S('USER#1') },
      }),
    ).toBe('table|USER#1');
  });
});
