import { tableDefinition, type RouteDef } from '@khelaghor/contract';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The local stand-in for IAM's `dynamodb:LeadingKeys`: on AWS a route with `partitions` in the
 * route table may touch only those partition keys (infra puts the condition on its role); DynamoDB
 * Local checks no IAM, so here every document-client call made while such a route runs is checked
 * the same way and refused with AccessDeniedException. The local server and the integration tests
 * run every request inside `asRoute`, so a handler that reaches past its declared partitions fails
 * here, not first on AWS.
 */
const running = new AsyncLocalStorage<Pick<RouteDef, 'path' | 'partitions'>>();

export function asRoute<T>(route: Pick<RouteDef, 'path' | 'partitions'>, fn: () => T): T {
  return running.run(route, fn);
}

type Input = Record<string, unknown> & {
  Key?: Record<string, unknown>;
  Item?: Record<string, unknown>;
  IndexName?: string;
  KeyConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
  RequestItems?: Record<string, { Keys?: Array<Record<string, unknown>> }>;
  TransactItems?: Array<Record<string, { Key?: Record<string, unknown>; Item?: Record<string, unknown> }>>;
};

function queriedPartition(input: Input): unknown {
  const index = tableDefinition.globalSecondaryIndexes.find((g) => g.indexName === input.IndexName);
  const attribute = index ? index.partitionKey : tableDefinition.partitionKey;
  for (const [, name, value] of (input.KeyConditionExpression ?? '').matchAll(/(#?\w+)\s*=\s*(:\w+)/g)) {
    const resolved = name!.startsWith('#') ? input.ExpressionAttributeNames?.[name!] : name;
    if (resolved === attribute) return input.ExpressionAttributeValues?.[value!];
  }
  return undefined;
}

/** The partition keys a document-client command touches; undefined when it cannot be told (refused). */
export function partitionsOf(commandName: string, input: Input): unknown[] | undefined {
  const pk = tableDefinition.partitionKey;
  switch (commandName) {
    case 'GetCommand':
    case 'UpdateCommand':
    case 'DeleteCommand':
      return [input.Key?.[pk]];
    case 'PutCommand':
      return [input.Item?.[pk]];
    case 'QueryCommand':
      return [queriedPartition(input)];
    case 'BatchGetCommand':
      return Object.values(input.RequestItems ?? {}).flatMap((r) => (r.Keys ?? []).map((k) => k[pk]));
    case 'TransactWriteCommand':
    case 'TransactGetCommand':
      return (input.TransactItems ?? []).flatMap((item) =>
        Object.values(item).map((op) => op.Key?.[pk] ?? op.Item?.[pk]),
      );
    default:
      return undefined;
  }
}

const allows = (patterns: readonly string[], value: unknown) =>
  typeof value === 'string' &&
  patterns.some((p) => (p.endsWith('*') ? value.startsWith(p.slice(0, -1)) : value === p));

class AccessDeniedException extends Error {
  override name = 'AccessDeniedException';
}

let installed = false;

/** Install the check on every document client of this process (once). */
export function installPartitionGuard(): void {
  if (installed) return;
  installed = true;
  const send = DynamoDBDocumentClient.prototype.send;
  DynamoDBDocumentClient.prototype.send = function guardedSend(
    this: DynamoDBDocumentClient,
    ...args: unknown[]
  ) {
    const route = running.getStore();
    const command = args[0] as { input: Input; constructor: { name: string } };
    if (route?.partitions) {
      const touched = partitionsOf(command.constructor.name, command.input);
      const refused = !touched || touched.some((value) => !allows(route.partitions!, value));
      if (refused) {
        const error = new AccessDeniedException(
          `${route.path} may touch only partitions ${route.partitions.join(', ')} (route table); ` +
            `${command.constructor.name} on ${JSON.stringify(touched)} refused, as IAM would on AWS`,
        );
        return Promise.reject(error);
      }
    }
    return (send as (...a: unknown[]) => Promise<unknown>).apply(this, args);
  } as typeof send;
}
