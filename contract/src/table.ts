/**
 * The one DynamoDB table. CDK (infra/) and the local stack both build the table from this
 * definition; key builders in functions/src/db/keys.ts produce the values. The access-pattern
 * table that explains every key lives in docs/data-model.md.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'ttl',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];

/** Every key attribute is a string. */
export const keyAttributes = [
  tableDefinition.partitionKey,
  tableDefinition.sortKey,
  ...tableDefinition.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
];
