import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../../functions/src/db/client';
import { availableSortKeys, keys, listQuery, lists } from '../../functions/src/db/keys';

/**
 * Local data written before the claim's scattered list (available codes sorted by `created_at#id`)
 * gets the sort key claims read now, so an older `.data/` keeps selling its codes. Idempotent:
 * a code already keyed `0#…` or `1#…` is left alone. Returns how many codes were rekeyed.
 */
export async function rekeyAvailableCodes(db: Db): Promise<number> {
  let rekeyed = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        ...listQuery(lists.codesByStatus('available'), {
          values: { ':free': availableSortKeys.firstFree, ':locked': availableSortKeys.firstLocked },
        }),
        FilterExpression: 'NOT begins_with(gsi1sk, :free) AND NOT begins_with(gsi1sk, :locked)',
        ProjectionExpression: 'id, variant_id',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const code of (page.Items ?? []) as Array<{ id: string; variant_id: string }>) {
      await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: keys.code(code.variant_id, code.id),
          UpdateExpression: 'SET gsi1sk = :sk',
          ConditionExpression: '#status = :available',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':sk': availableSortKeys.free(code.id), ':available': 'available' },
        }),
      );
      rekeyed++;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return rekeyed;
}
