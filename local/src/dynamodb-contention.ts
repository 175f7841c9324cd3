import {
  createServer,
  request as httpRequest,
  Agent,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { randomUUID } from 'node:crypto';
import { indexWrites, itemTouches, queriedPartition, type Body, type Touch } from './dynamodb-requests';

/**
 * DynamoDB Local under contention, as AWS answers it. DynamoDB Local runs overlapping transactions
 * one after the other and never reports a conflict; AWS cancels them. This proxy stands in front
 * of it (every client of the local stack, the integration tests, the e2e stack and the bench talks
 * to it) and answers as AWS documents
 * (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html#transaction-conflict-handling):
 * - a TransactWriteItems with an item that another TransactWriteItems in flight is writing is
 *   cancelled: TransactionCanceledException, reason `TransactionConflict` on that item;
 * - a PutItem, UpdateItem or DeleteItem of an item a transaction in flight is writing is refused:
 *   TransactionConflictException;
 * - a TransactGetItems with an item a write in flight is writing is cancelled the same way.
 * "In flight" is from the request's arrival to DynamoDB Local's answer, at most WINDOW_MS (what a
 * transaction takes on AWS: a loaded machine here is many times slower). Plain reads, Queries and
 * batches pass (BatchWriteItem is not refused here). Every read and write is also counted per item
 * and per index partition: GET /contention?table=<name> answers the report (contentionReport);
 * GET /contention/upstream names DynamoDB Local's own endpoint (the bench reads its CPU).
 */

interface Counts {
  reads: number;
  writes: number;
  /**
   * Capacity units as AWS bills them for an item under 1 KB (the claim path's): a read 0.5
   * (eventually consistent) or 1 (strongly consistent, 2 in TransactGetItems); a write 1, 2 inside
   * a transaction. A refused conditional write is billed too.
   */
  readUnits: number;
  writeUnits: number;
  /** Requests on this item refused or cancelled because a transaction held it. */
  conflicts: number;
}

interface ContentionReport {
  /** Transactions cancelled (TransactionConflict), single writes refused (TransactionConflictException). */
  conflicts: { transactions: number; writes: number };
  /** Per item, `<pk>|<sk>`. */
  items: Record<string, Counts>;
  /** Per partition: `table|<pk>` for a Query of the table, `<index>|<partition key>` for an index. */
  partitions: Record<string, Pick<Counts, 'reads' | 'writes'>>;
}

export interface ContentionProxy {
  endpoint: string;
  /** Off: requests pass unchanged (DYNAMODB_CONTENTION=off, to measure what the emulation costs). */
  emulating: boolean;
  report(table: string): ContentionReport;
  /** Conflicts answered so far over every table: what a run prints at its end. */
  conflicts(): { transactions: number; writes: number };
  stop(): Promise<void>;
}

const TARGET = 'DynamoDB_20120810.';
/**
 * About how long a small TransactWriteItems takes on AWS (its items are locked meanwhile); a write
 * here is in flight until DynamoDB Local answers or this long, whichever comes first.
 */
const WINDOW_MS = 25;
const JSON_TYPE = 'application/x-amz-json-1.0';

interface TableCounts {
  report: ContentionReport;
  /** Each item's index partition keys, as the writes through here left them. */
  indexed: Map<string, Record<string, string>>;
}

const emptyReport = (): ContentionReport => ({
  conflicts: { transactions: 0, writes: 0 },
  items: {},
  partitions: {},
});

/** Start the proxy in front of `upstream` (DynamoDB Local's endpoint) on `port` (0: any free one). */
export async function startContentionProxy(opts: {
  upstream: string;
  port?: number;
  emulate?: boolean;
  /** How long a write holds its items at most (default WINDOW_MS, or DYNAMODB_CONFLICT_WINDOW_MS). */
  windowMs?: number;
  /**
   * Tests: keep a request in flight (its items held) until the promise settles, to make the
   * interleaving a test wants instead of hoping for it.
   */
  delay?: (operation: string, body: Body) => Promise<void> | undefined;
}): Promise<ContentionProxy> {
  const emulating = opts.emulate ?? process.env.DYNAMODB_CONTENTION !== 'off';
  const windowMs = opts.windowMs ?? Number(process.env.DYNAMODB_CONFLICT_WINDOW_MS ?? WINDOW_MS);
  const upstream = new URL(opts.upstream);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  /** Items written by a transaction in flight, and items written by any write in flight. */
  const inTransaction = new Map<string, number>();
  const beingWritten = new Map<string, number>();
  const tables = new Map<string, TableCounts>();

  const tableCounts = (table: string) => {
    let t = tables.get(table);
    if (!t) tables.set(table, (t = { report: emptyReport(), indexed: new Map() }));
    return t;
  };
  const counts = (t: TableCounts, id: string) =>
    (t.report.items[id.slice(id.indexOf('|') + 1)] ??= {
      reads: 0,
      writes: 0,
      readUnits: 0,
      writeUnits: 0,
      conflicts: 0,
    });
  const partition = (t: TableCounts, name: string) => (t.report.partitions[name] ??= { reads: 0, writes: 0 });

  function count(operation: string, body: Body, touches: Touch[]) {
    if (operation === 'Query' || operation === 'Scan') {
      const t = tableCounts(body.TableName ?? '');
      partition(t, queriedPartition(body) ?? `${body.IndexName ?? 'table'}|scan`).reads++;
      return;
    }
    for (const touch of touches) {
      const t = tableCounts(touch.table);
      const c = counts(t, touch.id);
      if (touch.kind === 'read') {
        c.reads++;
        c.readUnits += readUnits(operation, body, touch.table);
        continue;
      }
      c.writes++;
      c.writeUnits += operation === 'TransactWriteItems' ? 2 : 1;
      const { partitions, after } = indexWrites(touch, t.indexed.get(touch.id) ?? {});
      for (const p of partitions) partition(t, p).writes++;
      if (Object.keys(after).length > 0) t.indexed.set(touch.id, after);
      else t.indexed.delete(touch.id);
    }
  }

  /** The conflict AWS would answer for this request now, or undefined. */
  function conflictOf(operation: string, touches: Touch[]): { type: string; body: object } | undefined {
    if (!emulating) return undefined;
    const transactional = operation === 'TransactWriteItems' || operation === 'TransactGetItems';
    const held = (touch: Touch) =>
      operation === 'TransactGetItems' ? beingWritten.has(touch.id) : inTransaction.has(touch.id);
    if (transactional) {
      if (!touches.some(held)) return undefined;
      const reasons = touches.map((touch) =>
        held(touch)
          ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }
          : { Code: 'None' },
      );
      for (const touch of touches.filter(held)) counts(tableCounts(touch.table), touch.id).conflicts++;
      tableCounts(touches[0]!.table).report.conflicts.transactions++;
      return {
        type: 'TransactionCanceledException',
        body: {
          Message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
          CancellationReasons: reasons,
        },
      };
    }
    const write = touches.length === 1 && touches[0]!.kind === 'write' && operation !== 'BatchWriteItem';
    if (!write || !held(touches[0]!)) return undefined;
    const t = tableCounts(touches[0]!.table);
    counts(t, touches[0]!.id).conflicts++;
    t.report.conflicts.writes++;
    return { type: 'TransactionConflictException', body: { message: 'Transaction is ongoing for the item' } };
  }

  const hold = (map: Map<string, number>, ids: string[]) =>
    ids.forEach((id) => map.set(id, (map.get(id) ?? 0) + 1));
  const release = (map: Map<string, number>, ids: string[]) =>
    ids.forEach((id) => {
      const n = (map.get(id) ?? 1) - 1;
      if (n > 0) map.set(id, n);
      else map.delete(id);
    });

  function forward(req: IncomingMessage, res: ServerResponse, raw: Buffer, done: () => void) {
    const up = httpRequest(
      {
        agent,
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        // The items are free once DynamoDB Local answered, whether or not the client still listens.
        answer.once('end', done);
        answer.once('close', done);
        res.once('close', done);
      },
    );
    up.once('error', (error) => {
      done();
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
    up.end(raw);
  }

  function handle(req: IncomingMessage, res: ServerResponse, raw: Buffer) {
    const target = String(req.headers['x-amz-target'] ?? '');
    if (!target.startsWith(TARGET)) return forward(req, res, raw, () => undefined); // streams, other APIs
    const operation = target.slice(TARGET.length);
    let body: Body;
    try {
      body = JSON.parse(raw.toString('utf8') || '{}') as Body;
    } catch {
      return forward(req, res, raw, () => undefined); // DynamoDB Local answers the bad request
    }
    const touches = itemTouches(operation, body);
    count(operation, body, touches);
    const conflict = conflictOf(operation, touches);
    if (conflict) {
      const payload = JSON.stringify({
        __type: `com.amazonaws.dynamodb.v20120810#${conflict.type}`,
        ...conflict.body,
      });
      res.writeHead(400, {
        'content-type': JSON_TYPE,
        'content-length': Buffer.byteLength(payload),
        'x-amzn-requestid': randomUUID(),
        'x-amzn-errortype': conflict.type,
      });
      return res.end(payload);
    }
    const written = touches.filter((t) => t.kind === 'write').map((t) => t.id);
    const transaction = operation === 'TransactWriteItems' ? written : [];
    hold(inTransaction, transaction);
    hold(beingWritten, written);
    let released = false;
    const free = () => {
      if (released) return;
      released = true;
      release(inTransaction, transaction);
      release(beingWritten, written);
    };
    const delayed = opts.delay?.(operation, body);
    // A write holds its items as long as it would on AWS at most (DynamoDB Local on a loaded
    // machine takes far longer, and would conflict more than AWS does); a test's held request
    // holds them until it is let go.
    if (!delayed && written.length > 0) setTimeout(free, windowMs).unref();
    const send = () => forward(req, res, raw, free);
    if (delayed) void delayed.finally(send);
    else send();
  }

  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/contention/upstream') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ endpoint: opts.upstream }));
    }
    if (req.method === 'GET' && req.url?.startsWith('/contention')) {
      const table = new URL(req.url, 'http://x').searchParams.get('table') ?? '';
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(tables.get(table)?.report ?? emptyReport()));
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((ok) => server.listen(opts.port ?? 0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    emulating,
    report: (table) => tables.get(table)?.report ?? emptyReport(),
    conflicts: () =>
      [...tables.values()].reduce(
        (sum, t) => ({
          transactions: sum.transactions + t.report.conflicts.transactions,
          writes: sum.writes + t.report.conflicts.writes,
        }),
        { transactions: 0, writes: 0 },
      ),
    stop: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}

/** Read units of one item read (under 4 KB) by this request. */
function readUnits(operation: string, body: Body, table: string): number {
  if (operation === 'TransactGetItems') return 2;
  if (operation === 'TransactWriteItems') return 0; // a ConditionCheck: billed with the transaction's writes
  const consistent =
    operation === 'BatchGetItem'
      ? (body.RequestItems as unknown as Record<string, { ConsistentRead?: boolean }> | undefined)?.[table]
          ?.ConsistentRead
      : (body as { ConsistentRead?: boolean }).ConsistentRead;
  return consistent ? 1 : 0.5;
}

/** The counts of `table` from a proxy at `endpoint` (another process: the bench, a test worker). */
export type { ContentionReport };

export async function contentionReport(endpoint: string, table: string): Promise<ContentionReport> {
  const res = await fetch(`${endpoint}/contention?table=${encodeURIComponent(table)}`);
  if (!res.ok) throw new Error(`no contention report at ${endpoint} (${res.status})`);
  return (await res.json()) as ContentionReport;
}
