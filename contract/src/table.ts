/**
 * The one DynamoDB table. CDK (infra/) and the local stack both build the table from this
 * definition; key builders in functions/src/db/keys.ts produce the values. The access-pattern
 * table that explains every key lives in docs/data-model.md.
 */

/**
 * What an index keeps of an item besides the keys (the table's and its own). An index entry is
 * rewritten whenever a projected attribute of its item changes, so each index projects only
 * attributes that never change after the item is written; a reader that needs the whole item
 * fetches it by key (functions/src/db/list-items.ts).
 */
type IndexProjection =
  { readonly type: 'KEYS_ONLY' } | { readonly type: 'INCLUDE'; readonly attributes: readonly string[] };

export interface IndexDefinition {
  readonly indexName: string;
  readonly partitionKey: string;
  readonly sortKey: string;
  readonly projection: IndexProjection;
}

export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'ttl',
  // The notifier reads every committed change with its before and after (docs/notifications.md).
  streamView: 'NEW_AND_OLD_IMAGES',
  globalSecondaryIndexes: [
    // Claims read only keys (the code id ends the sort key); the per-user lists and the email
    // lookup fetch their items: balances, order and payment updates no longer touch gsi1.
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: { type: 'KEYS_ONLY' } },
    // The admin user search filters USERS by email prefix on the index itself.
    {
      indexName: 'gsi2',
      partitionKey: 'gsi2pk',
      sortKey: 'gsi2sk',
      projection: { type: 'INCLUDE', attributes: ['email'] },
    },
    // The admin overview sums completed orders from the index (the day is in the sort key).
    {
      indexName: 'gsi3',
      partitionKey: 'gsi3pk',
      sortKey: 'gsi3sk',
      projection: { type: 'INCLUDE', attributes: ['total_amount'] },
    },
  ],
} as const satisfies {
  partitionKey: string;
  sortKey: string;
  timeToLiveAttribute: string;
  streamView: 'NEW_AND_OLD_IMAGES';
  globalSecondaryIndexes: readonly IndexDefinition[];
};

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];

/** Every key attribute is a string. */
/**
 * The partition keys of the audit trail start with this (`AUDIT#<Asia/Dhaka day>`): entries are
 * only ever added, and every function's role is denied updating or deleting them.
 */
export const AUDIT_KEY_PREFIX = 'AUDIT#';

export const keyAttributes = [
  tableDefinition.partitionKey,
  tableDefinition.sortKey,
  ...tableDefinition.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
];

/** The non-key attributes an index keeps (none for KEYS_ONLY). */
export function projectedAttributes(index: IndexDefinition): readonly string[] {
  return index.projection.type === 'INCLUDE' ? index.projection.attributes : [];
}
