import { projectedAttributes, tableDefinition } from '@khelaghor/contract';

/**
 * What one DynamoDB API request (the JSON protocol every SDK speaks) touches, item by item, read
 * from the same table definition the CDK builds the table from. Pure: the contention proxy
 * (dynamodb-contention.ts) decides conflicts and counts from it.
 */

type Value = Record<string, unknown>;
type Item = Record<string, Value>;

interface KeyedOp {
  TableName?: string;
  Key?: Item;
  Item?: Item;
  UpdateExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
}

export interface Body extends KeyedOp {
  IndexName?: string;
  KeyConditionExpression?: string;
  TransactItems?: Array<Record<string, KeyedOp>>;
  RequestItems?: Record<string, { Keys?: Item[] } | Array<Record<string, { Key?: Item; Item?: Item }>>>;
}

/** One item a request reads or writes: `id` names it across tables (table, pk, sk). */
export interface Touch {
  id: string;
  table: string;
  kind: 'read' | 'write';
  /** Only for writes: the index key attributes (and projected ones) the write sets, by name. */
  sets?: ReadonlySet<string>;
  /** A Put's whole new item (its index keys are known from it). */
  item?: Item;
  /** Update: values assigned to attributes, by attribute name (index keys read from here). */
  assigned?: Record<string, Value>;
}

const PK = tableDefinition.partitionKey;
const SK = tableDefinition.sortKey;

/** A key attribute value as text (every key attribute of the table is a string). */
const keyText = (v: Value | undefined): string =>
  v === undefined ? '?' : typeof v.S === 'string' ? v.S : JSON.stringify(v);

const itemId = (table: string, key: Item | undefined) =>
  `${table}|${keyText(key?.[PK])}|${keyText(key?.[SK])}`;

const WORDS = /[#:]?[A-Za-z_][A-Za-z0-9_]*/g;
const NOT_NAMES = new Set([
  'SET',
  'REMOVE',
  'ADD',
  'DELETE',
  'if_not_exists',
  'list_append',
  'set',
  'remove',
  'add',
  'delete',
]);

/** The attribute names an UpdateExpression writes, and the value each `a = :v` assigns. */
function updatedAttributes(op: KeyedOp): { names: Set<string>; assigned: Record<string, Value> } {
  const expr = op.UpdateExpression ?? '';
  const resolve = (token: string) =>
    token.startsWith('#') ? (op.ExpressionAttributeNames?.[token] ?? token) : token;
  const names = new Set<string>();
  // Only the left-hand side of each clause is written: `a = b + :n` writes a.
  for (const clause of expr.split(/\b(?:SET|REMOVE|ADD|DELETE)\b|,/i)) {
    const first = clause.trim().match(WORDS)?.[0];
    if (first && !first.startsWith(':') && !NOT_NAMES.has(first)) names.add(resolve(first));
  }
  const assigned: Record<string, Value> = {};
  for (const [, name, value] of expr.matchAll(
    /(#?[A-Za-z_][A-Za-z0-9_]*)\s*=\s*(:[A-Za-z0-9_]+)\s*(?:,|$|\s+(?:REMOVE|ADD|DELETE)\b)/gi,
  )) {
    const v = op.ExpressionAttributeValues?.[value!];
    if (v) assigned[resolve(name!)] = v;
  }
  return { names, assigned };
}

function writeTouch(table: string, op: KeyedOp, put: boolean): Touch {
  if (put) {
    const item = op.Item ?? {};
    return { id: itemId(table, item), table, kind: 'write', sets: new Set(Object.keys(item)), item };
  }
  if (op.UpdateExpression) {
    const { names, assigned } = updatedAttributes(op);
    return { id: itemId(table, op.Key), table, kind: 'write', sets: names, assigned };
  }
  // A delete takes the item out of every index it is in.
  return { id: itemId(table, op.Key), table, kind: 'write', sets: ALL };
}

const ALL: ReadonlySet<string> = new Set(['*']);

/** The items of a transaction, in the order of its TransactItems (a ConditionCheck reads). */
function transactionTouches(body: Body): Touch[] {
  return (body.TransactItems ?? []).map((entry) => {
    const [kind, op] = Object.entries(entry)[0] ?? ['', {}];
    const table = op.TableName ?? '';
    if (kind === 'ConditionCheck' || kind === 'Get')
      return { id: itemId(table, op.Key), table, kind: 'read' };
    return writeTouch(table, op, kind === 'Put');
  });
}

/** The items a single-item or batch request touches (a Query or Scan touches none by key). */
export function itemTouches(operation: string, body: Body): Touch[] {
  const table = body.TableName ?? '';
  switch (operation) {
    case 'GetItem':
      return [{ id: itemId(table, body.Key), table, kind: 'read' }];
    case 'PutItem':
      return [writeTouch(table, body, true)];
    case 'UpdateItem':
    case 'DeleteItem':
      return [writeTouch(table, body, false)];
    case 'TransactWriteItems':
    case 'TransactGetItems':
      return transactionTouches(body);
    case 'BatchGetItem':
      return Object.entries(body.RequestItems ?? {}).flatMap(([t, r]) =>
        Array.isArray(r)
          ? []
          : (r.Keys ?? []).map((k): Touch => ({ id: itemId(t, k), table: t, kind: 'read' })),
      );
    case 'BatchWriteItem':
      return Object.entries(body.RequestItems ?? {}).flatMap(([t, r]) =>
        (Array.isArray(r) ? r : []).map((w): Touch => {
          const put = w.PutRequest;
          return put?.Item
            ? writeTouch(t, { Item: put.Item }, true)
            : writeTouch(t, { Key: w.DeleteRequest?.Key }, false);
        }),
      );
    default:
      return [];
  }
}

/** The partition a Query reads: `<index or "table">|<partition key value>`. */
export function queriedPartition(body: Body): string | undefined {
  const index = tableDefinition.globalSecondaryIndexes.find((g) => g.indexName === body.IndexName);
  const attribute = index ? index.partitionKey : PK;
  for (const [, name, value] of (body.KeyConditionExpression ?? '').matchAll(/(#?\w+)\s*=\s*(:\w+)/g)) {
    const resolved = name!.startsWith('#') ? body.ExpressionAttributeNames?.[name!] : name;
    if (resolved === attribute)
      return `${index?.indexName ?? 'table'}|${keyText(body.ExpressionAttributeValues?.[value!])}`;
  }
  return undefined;
}

/**
 * The index partitions a write lands in: an index entry is written when the item enters, leaves or
 * changes in the index (a key or projected attribute written). `known`: the index partition keys
 * the item had before (the proxy remembers them from earlier writes); returns the partitions
 * written and the item's index partition keys after the write.
 */
export function indexWrites(
  touch: Touch,
  known: Readonly<Record<string, string>>,
): { partitions: string[]; after: Record<string, string> } {
  const after: Record<string, string> = touch.item ? {} : { ...known };
  const partitions = new Set<string>();
  for (const g of tableDefinition.globalSecondaryIndexes) {
    const before = known[g.partitionKey];
    let now = before;
    if (touch.item) now = touch.item[g.partitionKey] ? keyText(touch.item[g.partitionKey]) : undefined;
    else if (touch.sets === ALL) now = undefined;
    else if (touch.assigned?.[g.partitionKey]) now = keyText(touch.assigned[g.partitionKey]);
    else if (touch.sets?.has(g.partitionKey)) now = undefined; // REMOVE (or an expression we cannot read)
    const relevant = [g.partitionKey, g.sortKey, ...projectedAttributes(g)];
    const changed = touch.item || touch.sets === ALL || relevant.some((a) => touch.sets?.has(a));
    if (changed && before !== undefined) partitions.add(`${g.indexName}|${before}`);
    if (changed && now !== undefined) partitions.add(`${g.indexName}|${now}`);
    if (now !== undefined) after[g.partitionKey] = now;
    else delete after[g.partitionKey];
  }
  return { partitions: [...partitions], after };
}
