import { projectedAttributes, tableDefinition, type IndexDefinition } from '@khelaghor/contract';
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';

const str = (name: string) => ({ name, type: AttributeType.STRING });

const projection = (g: IndexDefinition) =>
  g.projection.type === 'INCLUDE'
    ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...projectedAttributes(g)] }
    : { projectionType: ProjectionType.KEYS_ONLY };

/**
 * The one table, built from the same definition as DynamoDB Local. Orders, balances and codes live
 * here, so it survives a stack deletion (RETAIN + deletion protection) and can be restored to any
 * second of the last 35 days (point-in-time recovery).
 */
export function createTable(scope: Construct): TableV2 {
  return new TableV2(scope, 'Table', {
    partitionKey: str(tableDefinition.partitionKey),
    sortKey: str(tableDefinition.sortKey),
    globalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((g) => ({
      indexName: g.indexName,
      partitionKey: str(g.partitionKey),
      sortKey: str(g.sortKey),
      ...projection(g),
    })),
    billing: Billing.onDemand(),
    timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
    dynamoStream: StreamViewType[tableDefinition.streamView],
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    deletionProtection: true,
    removalPolicy: RemovalPolicy.RETAIN,
  });
}
