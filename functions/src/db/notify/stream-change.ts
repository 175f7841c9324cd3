import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { Change } from '../../domain/notify/notices';

const image = (i: unknown) => (i ? unmarshall(i as Record<string, AttributeValue>) : undefined);

/** A stream record as the item before and after the change, and the item's partition key. */
export function changeOfRecord(record: DynamoDBRecord): { change: Change; pk: string } {
  return {
    change: { before: image(record.dynamodb?.OldImage), after: image(record.dynamodb?.NewImage) },
    pk: String(record.dynamodb?.Keys?.pk?.S ?? ''),
  };
}
