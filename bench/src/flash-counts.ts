/**
 * What a flash-sale round costs, counted without a single extra read: each buyer's own client
 * counts its calls, its transactions (and the items they write), its failed conditional writes;
 * the contention proxy in front of DynamoDB Local bills every read and write to its item
 * (local/src/dynamodb-contention.ts), read before and after the round. AWS takes 1,000 write and
 * 3,000 read units a second on one item (and 1,000 writes on one index partition), so the hottest
 * caps the claims a second at limit × claims ÷ its units.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Agent } from 'node:http';
import type { Db } from '../../functions/src/db/client';
import { retryConflicts } from '../../functions/src/db/conflict-retry';
import { round } from './stats';

const ITEM_WU_PER_S = 1_000;
const ITEM_RU_PER_S = 3_000;

/** One buyer's client, as a Lambda container has it: its own connection and the shop's conflict retry. */
export function buyerDb(endpoint: string, table: string): Db {
  const client = new DynamoDBClient({
    region: 'ap-southeast-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 3,
    requestHandler: { httpAgent: new Agent({ keepAlive: true, maxSockets: 4 }) },
  });
  retryConflicts(client);
  return {
    doc: DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
    }),
    table,
  };
}

export interface BuyerCount {
  calls: number;
  /** The calls by command (UpdateCommand, BatchGetCommand...), in order. */
  sent: string[];
  /** When each call was sent and answered (performance.now() ms), in the same order. */
  times: Array<[number, number]>;
  /** When a transaction that wrote sold-out marks was answered, committed. */
  markedAt?: number;
  /** Transactions sent, and those that failed (cancelled, refused, faulted). */
  transacts: number;
  failedTransacts: number;
  /** Single conditional writes refused (a sold-out ticket), by item. */
  failedConditions: string[];
  /** Items each transaction of this buyer wrote (ConditionChecks left out). */
  transactItems: string[];
}

export const emptyCount = (): BuyerCount => ({
  calls: 0,
  sent: [],
  times: [],
  transacts: 0,
  failedTransacts: 0,
  failedConditions: [],
  transactItems: [],
});

const keyOf = (key?: Record<string, unknown>) => `${String(key?.pk)}|${String(key?.sk)}`;

/** The same client, counting into `count`. */
export function countingDb(db: Db, count: BuyerCount): Db {
  const doc = Object.create(db.doc) as DynamoDBDocumentClient;
  const send = async (command: Parameters<DynamoDBDocumentClient['send']>[0]) => {
    count.calls++;
    count.sent.push(command.constructor.name.replace('Command', ''));
    const time: [number, number] = [performance.now(), NaN];
    count.times.push(time);
    let marks = false;
    if (command instanceof TransactWriteCommand) {
      count.transacts++;
      for (const item of command.input.TransactItems ?? []) {
        const op = item.Put ?? item.Update ?? item.Delete;
        if (!op) continue;
        const key = keyOf(item.Put?.Item ?? (op as { Key?: Record<string, unknown> }).Key);
        count.transactItems.push(key);
        marks ||= key.startsWith('SOLDOUT#');
      }
    }
    try {
      const answer = await db.doc.send(command as never);
      if (marks) count.markedAt = performance.now();
      return answer;
    } catch (error) {
      if (command instanceof TransactWriteCommand) count.failedTransacts++;
      if (command instanceof UpdateCommand && (error as Error).name === 'ConditionalCheckFailedException')
        count.failedConditions.push(keyOf(command.input.Key));
      throw error;
    } finally {
      time[1] = performance.now();
    }
  };
  Object.defineProperty(doc, 'send', { value: send });
  return { doc, table: db.table };
}

/** What a round's counts say, for its winners (`won`) and its losers. */
export function roundCounts(counts: BuyerCount[], won: Set<number>, shards: number) {
  const mean = (xs: number[]) => (xs.length ? round(xs.reduce((a, b) => a + b, 0) / xs.length, 2) : 0);
  const winners = counts.filter((_, i) => won.has(i));
  const losers = counts.filter((_, i) => !won.has(i));
  const failedOn = new Map<string, number>();
  for (const c of counts) for (const k of c.failedConditions) failedOn.set(k, (failedOn.get(k) ?? 0) + 1);
  const failedTotal = [...failedOn.values()].reduce((a, b) => a + b, 0);
  // Items written by the transactions of more than one buyer (a buyer's own retries count once).
  const writers = new Map<string, number>();
  for (const c of counts) for (const k of new Set(c.transactItems)) writers.set(k, (writers.get(k) ?? 0) + 1);
  const shapes = (of: BuyerCount[]) => {
    const n = new Map<string, number>();
    for (const c of of) n.set(c.sent.join('>'), (n.get(c.sent.join('>')) ?? 0) + 1);
    return Object.fromEntries([...n.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5));
  };
  return {
    winnerCalls: shapes(winners),
    loserCalls: shapes(losers),
    callsPerWinner: mean(winners.map((c) => c.calls)),
    callsPerLoser: mean(losers.map((c) => c.calls)),
    maxCalls: Math.max(0, ...counts.map((c) => c.calls)),
    failedConditionsPerLoser: mean(losers.map((c) => c.failedConditions.length)),
    // An item's fair share of the refused writes: spread evenly over the variant's shards.
    worstItemOverFairShare: round(Math.max(0, ...failedOn.values()) / Math.max(1, failedTotal / shards), 2),
    failedTransactions: counts.reduce((n, c) => n + c.failedTransacts, 0),
    sharedTransactionItems: [...writers.values()].filter((n) => n > 1).length,
  };
}

/**
 * When a round's steps happened, in seconds after its start (`t0`, performance.now() ms): the
 * last ticket's take answered, the last sold-out mark committed (with its claim's transaction),
 * and the first and last read of the marks a refused buyer sent. A refused buyer reads once; one
 * that reads before the marks it needs are committed reads a third time.
 */
export function roundTimeline(counts: BuyerCount[], won: Set<number>, t0: number) {
  const at = (ms: number) => round((ms - t0) / 1000, 2);
  const losers = counts.filter((_, i) => !won.has(i));
  const reads = losers.flatMap((c) => (c.times[1] ? [c.times[1][0]] : []));
  return {
    takesAnsweredBy: at(Math.max(t0, ...counts.map((c) => c.times[0]?.[1] ?? t0))),
    lastMarkAt: at(Math.max(t0, ...counts.map((c) => c.markedAt ?? t0))),
    refusedReads: reads.length ? `${at(Math.min(...reads))}-${at(Math.max(...reads))}` : '-',
  };
}

type Hottest = { key: string; units: number };

/**
 * Units of the table between two proxy reports: the hottest item and index partition (AWS takes
 * 1,000 WU and 3,000 RU a second on one item, 1,000 writes on one index partition) and what they
 * allow; and the hottest partition key, whose items share a partition until DynamoDB splits a hot
 * one (split for heat), said beside them.
 */
export function unitReport(before: ContentionReport, after: ContentionReport, claims: number) {
  const changes = (units: (r: ContentionReport, item: string) => number, by: (item: string) => string) => {
    const sums = new Map<string, number>();
    for (const item of Object.keys(after.items)) {
      const n = units(after, item) - units(before, item);
      if (n > 0) sums.set(by(item), (sums.get(by(item)) ?? 0) + n);
    }
    return sums;
  };
  const hottest = (sums: Map<string, number>): Hottest =>
    [...sums.entries()].reduce<Hottest>(
      (best, [key, units]) => (units > best.units ? { key, units } : best),
      {
        key: '-',
        units: 0,
      },
    );
  const read = (r: ContentionReport, k: string) => r.items[k]?.readUnits ?? 0;
  const written = (r: ContentionReport, k: string) => r.items[k]?.writeUnits ?? 0;
  const item = (k: string) => k;
  const partitionKey = (k: string) => k.slice(0, k.indexOf('|'));
  const indexPartition = hottest(
    new Map(
      Object.keys(after.partitions).map((k) => [
        k,
        (after.partitions[k]?.writes ?? 0) - (before.partitions[k]?.writes ?? 0),
      ]),
    ),
  );
  const readItem = hottest(changes(read, item));
  const writeItem = hottest(changes(written, item));
  return {
    hottestReadItem: readItem,
    hottestWriteItem: writeItem,
    hottestIndexPartition: indexPartition,
    hottestReadKey: hottest(changes(read, partitionKey)),
    hottestWriteKey: hottest(changes(written, partitionKey)),
    claimsPerSecondByReads: Math.floor((ITEM_RU_PER_S * claims) / Math.max(readItem.units, 0.5)),
    claimsPerSecondByWrites: Math.floor(
      (ITEM_WU_PER_S * claims) / Math.max(writeItem.units, indexPartition.units, 1),
    ),
    conflicts: {
      transactions: after.conflicts.transactions - before.conflicts.transactions,
      writes: after.conflicts.writes - before.conflicts.writes,
    },
  };
}

/** What the proxy answers at GET /contention (local/src/dynamodb-contention.ts): counts since it started. */
interface ContentionReport {
  conflicts: { transactions: number; writes: number };
  items: Record<string, { readUnits: number; writeUnits: number }>;
  partitions: Record<string, { writes: number }>;
}

export async function proxyReport(endpoint: string, table: string): Promise<ContentionReport> {
  const res = await fetch(`${endpoint}/contention?table=${encodeURIComponent(table)}`);
  if (!res.ok) throw new Error(`no contention report at ${endpoint} (${res.status}): is the proxy on?`);
  return (await res.json()) as ContentionReport;
}
