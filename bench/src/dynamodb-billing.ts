/**
 * What DynamoDB work costs on AWS, counted call by call (bench section 7, order-cost.ts). A
 * middleware on the handlers' shared document client records every call: the operation, and for
 * every item a write touches its image before and after (read with a separate, unrecorded client).
 * Units are computed the way AWS bills on-demand:
 *   - reads: item size rounded up to 4 KB (a Query: the sum of the items read), ×0.5 eventually
 *     consistent, ×1 strongly consistent, ×2 inside a transaction; an absent item costs the minimum;
 *   - writes: the larger of the before and after image rounded up to 1 KB (min 1), ×2 inside
 *     TransactWriteItems; plus, per GSI, 1 write of the index entry's size (the keys and the
 *     attributes the index projects, contract/src/table.ts) when the item enters or leaves the
 *     index or a projected attribute changes while in it, 2 when its index key changes (delete +
 *     put). GSI writes are counted as ordinary (not doubled) writes.
 * DynamoDB Local's own ReturnConsumedCapacity answer is recorded next to it, for comparison.
 */
import {
  DynamoDBClient,
  GetItemCommand,
  type AttributeValue,
  type ConsumedCapacity,
} from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { projectedAttributes, tableDefinition, type IndexDefinition } from '@khelaghor/contract';
import { db } from '../../functions/src/db/client';
import { round } from './stats';

type Item = Record<string, AttributeValue>;

/** One DynamoDB call as billed. */
export interface CallCost {
  phase: string;
  op: string;
  /** Items in the call (1 for single-item operations, the items read for a Query). */
  items: number;
  rru: number;
  wru: number;
  /** Of wru: the GSI writes. */
  gsiWru: number;
  /** Of gsiWru: those caused by TransactWriteItems items (twice as many if AWS doubles them too). */
  gsiInTx: number;
  /** DynamoDB Local's ReturnConsumedCapacity answer (total CapacityUnits), if it gave one. */
  localReported?: number;
  failed?: string;
  detail: string[];
}

const GSIS = tableDefinition.globalSecondaryIndexes;
const KB = 1024;

/** Item size as DynamoDB counts it: attribute name bytes + value bytes. */
function itemSize(item: Item | undefined): number {
  if (!item) return 0;
  let n = 0;
  for (const [name, value] of Object.entries(item)) n += Buffer.byteLength(name) + valueSize(value);
  return n;
}

function numberSize(s: string): number {
  const digits = s
    .replace(/^[-+]/, '')
    .replace(/e.*$/i, '')
    .replace('.', '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}

function valueSize(v: AttributeValue): number {
  if (v.S !== undefined) return Buffer.byteLength(v.S);
  if (v.N !== undefined) return numberSize(v.N);
  if (v.B !== undefined) return v.B.byteLength;
  if (v.BOOL !== undefined || v.NULL !== undefined) return 1;
  if (v.SS) return v.SS.reduce((a, s) => a + Buffer.byteLength(s), 0);
  if (v.NS) return v.NS.reduce((a, s) => a + numberSize(s), 0);
  if (v.BS) return v.BS.reduce((a, b) => a + b.byteLength, 0);
  if (v.L) return 3 + v.L.reduce((a, e) => a + 1 + valueSize(e), 0);
  if (v.M)
    return 3 + Object.entries(v.M).reduce((a, [k, e]) => a + 1 + Buffer.byteLength(k) + valueSize(e), 0);
  return 0;
}

const writeUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / KB));
const readUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / (4 * KB)));

/** What an index keeps of an item: its keys and the projected attributes; none when not in it. */
function indexEntry(g: IndexDefinition, item: Item | undefined): Item | undefined {
  if (item?.[g.partitionKey]?.S === undefined || item[g.sortKey]?.S === undefined) return undefined;
  const kept = [tableDefinition.partitionKey, tableDefinition.sortKey, g.partitionKey, g.sortKey];
  return Object.fromEntries(
    [...kept, ...projectedAttributes(g)].flatMap((name) => (item[name] ? [[name, item[name]]] : [])),
  );
}

/**
 * GSI writes for one item going from `before` to `after`: the units, what happened in each index,
 * and the units each index partition (`<index> <partition key>`) took.
 */
function gsiWrites(
  before: Item | undefined,
  after: Item | undefined,
): { units: number; what: string[]; partitions: Array<{ partition: string; units: number }> } {
  const what: string[] = [];
  const partitions: Array<{ partition: string; units: number }> = [];
  for (const g of GSIS) {
    const eb = indexEntry(g, before);
    const ea = indexEntry(g, after);
    const key = (e: Item | undefined) => e && `${e[g.partitionKey]!.S}|${e[g.sortKey]!.S}`;
    const charge = (e: Item, units: number) =>
      partitions.push({ partition: `${g.indexName} ${e[g.partitionKey]!.S}`, units });
    const [kb, ka] = [key(eb), key(ea)];
    if (!kb && !ka) continue;
    if (kb && !ka) {
      charge(eb!, writeUnits(itemSize(eb)));
      what.push(`${g.indexName} leave`);
    } else if (!kb && ka) {
      charge(ea!, writeUnits(itemSize(ea)));
      what.push(`${g.indexName} enter`);
    } else if (kb !== ka) {
      charge(eb!, writeUnits(itemSize(eb)));
      charge(ea!, writeUnits(itemSize(ea)));
      what.push(`${g.indexName} key moved (2)`);
    } else if (JSON.stringify(eb) !== JSON.stringify(ea)) {
      charge(ea!, writeUnits(Math.max(itemSize(eb), itemSize(ea))));
      what.push(`${g.indexName} rewrite`);
    }
  }
  return { units: partitions.reduce((a, p) => a + p.units, 0), what, partitions };
}

/** Stable JSON of an item (attribute order does not matter for "changed?"). */
function canonical(i: Item | undefined): Item | undefined {
  if (!i) return undefined;
  return Object.fromEntries(Object.entries(i).sort(([a], [b]) => a.localeCompare(b)));
}

/** An item as it is now, read strongly consistent by a client that records nothing. */
async function itemImage(raw: DynamoDBClient, table: string, key: Item): Promise<Item | undefined> {
  const res = await raw.send(new GetItemCommand({ TableName: table, Key: key, ConsistentRead: true }));
  return res.Item ? canonical(res.Item) : undefined;
}

interface WriteTarget {
  key: Item;
  transactional: boolean;
  conditionCheck: boolean;
}

/**
 * The middleware sits before the document client's marshalling (DocumentMarshall runs right before
 * the serializer, DocumentUnmarshall right after the deserializer): it sees plain values and
 * marshals them itself to size them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a plain item of any shape
const m = (plain: any): Item => marshall(plain, { removeUndefinedValues: true, convertEmptyValues: false });
const mOpt = (plain: unknown): Item | undefined => (plain ? m(plain) : undefined);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a plain item of any shape
const keyOf = (item: any): Item =>
  m({
    [tableDefinition.partitionKey]: item[tableDefinition.partitionKey],
    [tableDefinition.sortKey]: item[tableDefinition.sortKey],
  });

/* eslint-disable @typescript-eslint/no-explicit-any -- the middleware sees every operation's raw input */
function writeTargets(op: string, input: any): WriteTarget[] {
  switch (op) {
    case 'PutItemCommand':
      return [{ key: keyOf(input.Item), transactional: false, conditionCheck: false }];
    case 'UpdateItemCommand':
    case 'DeleteItemCommand':
      return [{ key: keyOf(input.Key), transactional: false, conditionCheck: false }];
    case 'TransactWriteItemsCommand':
      return (input.TransactItems as any[]).map((t) => ({
        key: keyOf(t.Put ? t.Put.Item : (t.Update ?? t.Delete ?? t.ConditionCheck).Key),
        transactional: true,
        conditionCheck: Boolean(t.ConditionCheck),
      }));
    case 'BatchWriteItemCommand':
      return Object.values(input.RequestItems as Record<string, any[]>)
        .flat()
        .map((r) => ({
          key: keyOf(r.PutRequest ? r.PutRequest.Item : r.DeleteRequest.Key),
          transactional: false,
          conditionCheck: false,
        }));
    default:
      return [];
  }
}

function readCost(op: string, input: any, output: any): { rru: number; items: number; detail: string[] } {
  const factor = (consistent: boolean | undefined) => (consistent ? 1 : 0.5);
  switch (op) {
    case 'GetItemCommand': {
      const size = itemSize(mOpt(output?.Item));
      return {
        rru: readUnits(size) * factor(input.ConsistentRead),
        items: output?.Item ? 1 : 0,
        detail: [`${input.Key.pk}/${input.Key.sk} ${size} B${input.ConsistentRead ? ' strong' : ''}`],
      };
    }
    case 'BatchGetItemCommand': {
      let rru = 0;
      let items = 0;
      const detail: string[] = [];
      for (const [table, req] of Object.entries(input.RequestItems as Record<string, any>)) {
        const found = (output?.Responses?.[table] ?? []) as Array<Record<string, unknown>>;
        for (const k of req.Keys as Array<Record<string, unknown>>) {
          const hit = found.find((f) => f.pk === k.pk && f.sk === k.sk);
          const size = itemSize(mOpt(hit));
          rru += readUnits(size) * factor(req.ConsistentRead);
          if (hit) items++;
          detail.push(`${String(k.pk)}/${String(k.sk)} ${size} B${req.ConsistentRead ? ' strong' : ''}`);
        }
      }
      return { rru, items, detail };
    }
    case 'QueryCommand': {
      const got = ((output?.Items ?? []) as unknown[]).map(m);
      let bytes = got.reduce((a, i) => a + itemSize(i), 0);
      // Filtered-out items were read too: charge them at the average size of those returned.
      const scanned = output?.ScannedCount ?? got.length;
      if (scanned > got.length && got.length > 0) bytes = (bytes / got.length) * scanned;
      return {
        rru: readUnits(bytes) * factor(input.ConsistentRead),
        items: scanned,
        detail: [`${input.IndexName ?? 'table'} ${scanned} item(s) ${Math.round(bytes)} B`],
      };
    }
    case 'TransactGetItemsCommand': {
      const got = (output?.Responses ?? []) as Array<{ Item?: unknown }>;
      return {
        rru: got.reduce((a, r) => a + 2 * readUnits(itemSize(mOpt(r.Item))), 0),
        items: got.length,
        detail: [`${got.length} item(s), transactional`],
      };
    }
    default:
      return { rru: 0, items: 0, detail: [] };
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */

function localUnits(out: { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] } | undefined) {
  const cc = out?.ConsumedCapacity;
  if (!cc) return undefined;
  return (Array.isArray(cc) ? cc : [cc]).reduce((a, c) => a + (c.CapacityUnits ?? 0), 0);
}

/** Records every call of the handlers' shared client while `phase` is set. */
export class Recorder {
  phase: string | undefined;
  readonly calls: CallCost[] = [];
  private readonly raw: DynamoDBClient;

  constructor(
    endpoint: string,
    private readonly table: string,
  ) {
    this.raw = new DynamoDBClient({
      region: 'ap-southeast-1',
      endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  }

  private image(key: Item): Promise<Item | undefined> {
    return itemImage(this.raw, this.table, key);
  }

  attach(): void {
    db().doc.middlewareStack.add(
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any operation's input and output
      (next: any, context: any) => async (args: any) => {
        const phase = this.phase;
        if (!phase) return next(args);
        const op: string = context.commandName;
        const input = args.input;
        input.ReturnConsumedCapacity = 'TOTAL';
        const targets = writeTargets(op, input);
        const before = await Promise.all(targets.map((t) => this.image(t.key)));
        let output: unknown;
        let failed: string | undefined;
        try {
          const res = await next(args);
          output = res.output;
          return res;
        } catch (error) {
          failed = (error as Error).name;
          if (process.env.ORDER_COST_LOG) console.error('order-cost call failed', op, error);
          throw error;
        } finally {
          const after = await Promise.all(targets.map((t) => this.image(t.key)));
          const cost: CallCost = {
            phase,
            op: op.replace(/Command$/, ''),
            items: targets.length,
            rru: 0,
            wru: 0,
            gsiWru: 0,
            gsiInTx: 0,
            localReported: localUnits(output as never),
            ...(failed && { failed }),
            detail: [],
          };
          if (targets.length === 0) {
            const r = readCost(op, input, output);
            Object.assign(cost, { rru: r.rru, items: r.items, detail: r.detail });
          }
          targets.forEach((t, i) => {
            const b = before[i];
            const a = failed ? b : after[i];
            const base = writeUnits(Math.max(itemSize(b), itemSize(a))) * (t.transactional ? 2 : 1);
            const g = t.conditionCheck || failed ? { units: 0, what: [], partitions: [] } : gsiWrites(b, a);
            cost.wru += base + g.units;
            cost.gsiWru += g.units;
            if (t.transactional) cost.gsiInTx += g.units;
            cost.detail.push(
              `${t.conditionCheck ? 'check ' : ''}${t.key.pk?.S}/${t.key.sk?.S} ${itemSize(b)}→${itemSize(a)} B: ${base}${g.what.length ? ` + ${g.units} (${g.what.join(', ')})` : ''}`,
            );
          });
          this.calls.push(cost);
        }
      },
      { step: 'serialize', priority: 'high', name: 'benchOrderCost' },
    );
  }

  stop(): void {
    db().doc.middlewareStack.remove('benchOrderCost');
    this.raw.destroy();
  }
}

export interface Totals {
  calls: number;
  byOp: Record<string, number>;
  rru: number;
  wru: number;
  gsiWru: number;
  gsiInTx: number;
  localReported: number | null;
}

export function totals(calls: CallCost[]): Totals {
  const byOp: Record<string, number> = {};
  for (const c of calls) byOp[c.op] = (byOp[c.op] ?? 0) + 1;
  const reported = calls.map((c) => c.localReported);
  return {
    calls: calls.length,
    byOp,
    rru: round(
      calls.reduce((a, c) => a + c.rru, 0),
      2,
    ),
    wru: calls.reduce((a, c) => a + c.wru, 0),
    gsiWru: calls.reduce((a, c) => a + c.gsiWru, 0),
    gsiInTx: calls.reduce((a, c) => a + c.gsiInTx, 0),
    localReported: reported.every((r) => r !== undefined)
      ? round(
          reported.reduce((a, r) => a! + r!, 0)!,
          2,
        )
      : null,
  };
}
