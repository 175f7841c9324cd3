import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { batchGetItems, itemKey, type ItemKey } from '../batch-get';
import { auditEntryItem, isAuditKey, resolvedUpdate, type AuditChange } from './audit-entry';
import { currentAuditScope, type AuditScope } from './audit-scope';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Plain = Record<string, unknown>;
/** The client's own send (promise form, what the wrapper calls once it has decided) and its table. */
interface Client {
  send: (command: object) => Promise<Plain>;
  doc: DynamoDBDocumentClient;
  table: string;
}

/** DynamoDB's limit on a transaction's items: an audited one keeps the last place for its entry. */
const MAX_TRANSACT_ITEMS = 100;

class AuditRefused extends Error {
  override name = 'AuditRefused';
}

const keyOf = (op: Plain): ItemKey => {
  const key = (op.Key ?? op.Item) as Plain;
  return { pk: String(key.pk), sk: String(key.sk) };
};

/** The item of a transaction: which operation, and its parameters. */
function opOf(item: TransactItem): { kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck'; op: Plain } {
  const [kind, op] = Object.entries(item).find(([, v]) => v !== undefined)!;
  return { kind: kind as never, op: op as Plain };
}

/** The same single write as a transaction item. */
function asTransactItem(command: PutCommand | UpdateCommand | DeleteCommand): TransactItem {
  const {
    ReturnValues: _returned,
    ReturnConsumedCapacity: _c,
    ReturnItemCollectionMetrics: _m,
    ...op
  } = command.input as Plain;
  if (command instanceof PutCommand) return { Put: op as never };
  if (command instanceof UpdateCommand) return { Update: op as never };
  return { Delete: op as never };
}

const createsOnly = (op: Plain) =>
  /^attribute_not_exists\((pk|sk)\)$/.test(String(op.ConditionExpression ?? '').trim());

function changesOf(items: TransactItem[], before: Map<string, Plain>): AuditChange[] {
  return items.flatMap((item): AuditChange[] => {
    const { kind, op } = opOf(item);
    if (kind === 'ConditionCheck') return [];
    const key = keyOf(op);
    const was = before.get(itemKey(key)) ?? null;
    if (kind === 'Put') return [{ op: 'put', ...key, before: was, after: op.Item as Plain }];
    if (kind === 'Delete') return [{ op: 'delete', ...key, before: was, after: null }];
    const { after, removed } = resolvedUpdate(op);
    return [{ op: 'update', ...key, before: was, after, ...(removed.length > 0 && { removed }) }];
  });
}

function refuseAuditKeys(items: TransactItem[]): void {
  for (const item of items) {
    if (isAuditKey(keyOf(opOf(item).op).pk))
      throw new AuditRefused('audit entries are written only with the write they record');
  }
}

/**
 * `items` and the audit entry of `scope`'s next write in one transaction. The items' current
 * state is read first (consistently) as the entry's `before`.
 */
async function sendAudited(
  { send, doc, table }: Client,
  scope: AuditScope,
  items: TransactItem[],
  rest: Omit<TransactWriteCommandInput, 'TransactItems'> = {},
) {
  if (items.length >= MAX_TRANSACT_ITEMS)
    throw new AuditRefused(`an audited transaction holds at most ${MAX_TRANSACT_ITEMS - 1} writes`);
  // A Put that only creates had nothing before it (its condition says so): no read for it.
  const keys = items
    .map(opOf)
    .filter(({ kind, op }) => kind !== 'ConditionCheck' && !(kind === 'Put' && createsOnly(op)))
    .map(({ op }) => keyOf(op));
  const before = await batchGetItems({ doc, table }, keys, { consistent: true });
  scope.writes += 1;
  const entry = auditEntryItem(scope, scope.writes, changesOf(items, before));
  const audit: TransactItem = {
    Put: { TableName: table, Item: entry, ConditionExpression: 'attribute_not_exists(pk)' },
  };
  let output: Plain;
  try {
    output = await send(new TransactWriteCommand({ ...rest, TransactItems: [...items, audit] }));
  } catch (error) {
    // The entry's own condition failed: nothing was written, and no caller may read it as its
    // own condition (a moved balance, a taken slot) and try again.
    const reasons = (error as TransactionCanceledException).CancellationReasons;
    if (reasons?.[items.length]?.Code === 'ConditionalCheckFailed')
      throw new AuditRefused('the audit entry could not be written, so neither was the write');
    throw error;
  }
  return { before, output };
}

/**
 * A single write sent as an audited transaction answers as the single write would: a failed
 * condition is a ConditionalCheckFailedException, and the values it asked to return are read.
 */
async function singleAudited(
  client: Client,
  scope: AuditScope,
  command: PutCommand | UpdateCommand | DeleteCommand,
) {
  const item = asTransactItem(command);
  let before: Map<string, Plain>;
  try {
    ({ before } = await sendAudited(client, scope, [item]));
  } catch (error) {
    const first = (error as TransactionCanceledException).CancellationReasons?.[0];
    if (error instanceof TransactionCanceledException && first?.Code === 'ConditionalCheckFailed')
      throw new ConditionalCheckFailedException({
        message: 'The conditional request failed',
        $metadata: error.$metadata,
        ...(first.Item && { Item: first.Item }),
      });
    throw error;
  }
  const returned = String((command.input as Plain).ReturnValues ?? 'NONE');
  if (returned === 'NONE') return { $metadata: {} };
  const key = keyOf(opOf(item).op);
  if (returned.endsWith('_OLD')) return { $metadata: {}, Attributes: before.get(itemKey(key)) };
  const now = await client.send(new GetCommand({ TableName: client.table, Key: key, ConsistentRead: true }));
  return { $metadata: {}, Attributes: now.Item };
}

const audited = new WeakSet<DynamoDBDocumentClient>();

/**
 * Every write of an admin call carries its audit entry (issue 34): inside an audit
 * scope (kit/admin-handler.ts) a Put, Update or Delete goes out as a transaction with the entry,
 * and a transaction gets the entry as its last item. Outside one, writes pass unchanged. No write
 * through this client, in a scope or not, may name an audit key itself: entries are added with
 * what they record and never changed or deleted (on AWS no function's role may update or delete
 * one either, infra/src/functions.ts). Installed by the admin handlers on the client they write
 * with, so only admin bundles hold this code and its grants (infra/src/code-grants.ts).
 */
export function auditAdminWrites(db: { doc: DynamoDBDocumentClient; table: string }): void {
  const { doc, table } = db;
  if (audited.has(doc)) return;
  audited.add(doc);
  const send = doc.send.bind(doc) as unknown as Client['send'];
  const client: Client = { send, doc, table };
  const auditedSend = async (command: unknown, ...rest: unknown[]): Promise<unknown> => {
    const scope = currentAuditScope();
    if (command instanceof TransactWriteCommand) {
      const { TransactItems: items = [], ...rest } = command.input;
      refuseAuditKeys(items);
      if (scope) return (await sendAudited(client, scope, items, rest)).output;
    } else if (
      command instanceof PutCommand ||
      command instanceof UpdateCommand ||
      command instanceof DeleteCommand
    ) {
      refuseAuditKeys([asTransactItem(command)]);
      if (scope) return singleAudited(client, scope, command);
    } else if (command instanceof BatchWriteCommand && scope) {
      // Batches take no condition and cannot carry an entry: an admin call sends none.
      throw new AuditRefused('an admin call writes in transactions, not batches');
    }
    return (send as (...args: unknown[]) => Promise<unknown>)(command, ...rest);
  };
  doc.send = auditedSend as DynamoDBDocumentClient['send'];
}
