import { ScanCommand } from '@aws-sdk/lib-dynamodb';
// eslint-disable-next-line boundaries/element-types -- a floor break kept until functions/ offers this through db/, use-cases/ or handlers/
import { amountToPoisha } from '../../functions/src/clients/uddoktapay';
import type { Db } from '../../functions/src/db/client';

/**
 * The shop-wide invariant check: an auditor's Scan of the whole table, never a code path of the
 * shop. Run after the money tests (functions/test/audit-books.ts) and on a restored copy of the
 * table (local/src/restore-check.ts, docs/operations.md "Restore"):
 * - every stock shard's tickets left equal the available codes numbered for them, and every shard with
 *   available codes has a counter;
 * - every profile's balance is the sum of its ledger entries, and never negative;
 * - with the gateway's paid invoices (the tests' sandbox): every paid invoice is accounted for,
 *   to the poisha, by completed (or in-review) payments carrying its id.
 */

/** A table item as this audit reads it. */
export type AuditedItem = Record<string, unknown> & {
  type?: string;
  id?: string;
  status?: string;
  variant_id?: string;
  user_id?: string;
  invoice_id?: string;
  kind?: string;
};

/** An invoice the gateway says was paid (amounts in taka, as the gateway writes them). */
export interface PaidInvoice {
  invoice_id: string;
  amount: string;
  paid_amount?: string | null;
}

export interface BooksReport {
  /** Items read. */
  items: number;
  /** Items per `type` (what a restore is compared by). */
  byType: Record<string, number>;
  /** Each broken invariant, in words; empty when the books balance. */
  problems: string[];
}

/** Every item of the table, read with strongly consistent pages. */
export async function scanAll(db: Db): Promise<AuditedItem[]> {
  const items: AuditedItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(
      new ScanCommand({ TableName: db.table, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    items.push(...((res.Items ?? []) as AuditedItem[]));
    start = res.LastEvaluatedKey;
  } while (start);
  return items;
}

/** What is wrong with these items' books (empty: nothing). */
export function booksProblems(
  items: readonly AuditedItem[],
  paidInvoices?: readonly PaidInvoice[],
): string[] {
  const problems: string[] = [];

  // A shard sells what its tickets left name: tickets - taken = its available codes numbered at or
  // above `taken`, each number naming one code.
  const shardOf = (i: AuditedItem) => `${String(i.variant_id)}#${Number(i.stock_shard ?? 0)}`;
  const counters = new Map(items.filter((i) => i.sk === 'STOCK').map((s) => [shardOf(s), s]));
  const selling = new Map<string, number[]>();
  for (const c of items.filter(
    (i) => i.type === 'code' && i.status === 'available' && i.ticket !== undefined,
  )) {
    const taken = Number(counters.get(shardOf(c))?.taken ?? 0);
    if (Number(c.ticket) >= taken)
      selling.set(shardOf(c), [...(selling.get(shardOf(c)) ?? []), Number(c.ticket)]);
  }
  for (const [key, s] of counters) {
    const want = selling.get(key) ?? [];
    const stock = Number(s.tickets ?? 0) - Number(s.taken ?? 0);
    if (!s.deleting_job && stock !== want.length)
      problems.push(
        `stock of ${String(s.pk)}: ${stock} tickets left, ${want.length} available codes numbered`,
      );
    if (new Set(want).size !== want.length)
      problems.push(`stock of ${String(s.pk)}: a ticket names two codes`);
  }
  for (const key of selling.keys())
    if (!counters.has(key))
      problems.push(`counter of ${key}: missing (${selling.get(key)!.length} available codes)`);

  const ledger = new Map<string, number>();
  for (const e of items.filter((i) => i.type === 'ledger'))
    ledger.set(String(e.user_id), (ledger.get(String(e.user_id)) ?? 0) + Number(e.amount));
  for (const p of items.filter((i) => i.type === 'profile')) {
    const balance = Number(p.balance);
    const sum = ledger.get(String(p.id)) ?? 0;
    if (balance !== sum) problems.push(`balance of ${String(p.id)}: ${String(p.balance)}, ledger sum ${sum}`);
    if (!(balance >= 0)) problems.push(`balance of ${String(p.id)}: negative (${String(p.balance)})`);
  }

  // A payment accounts for the price it settled (or, in review, what was paid); an unexpected one
  // for what it credited. Together they must make up every paid invoice, to the poisha.
  const share = (p: AuditedItem) =>
    Number(p.kind !== 'unexpected' && p.status === 'review' ? p.paid_amount : p.amount);
  for (const invoice of paidInvoices ?? []) {
    const accounted = items
      .filter(
        (i) =>
          i.type === 'payment' &&
          i.invoice_id === invoice.invoice_id &&
          (i.status === 'completed' || i.status === 'review'),
      )
      .reduce((sum, p) => sum + share(p), 0);
    const paid = amountToPoisha(invoice.paid_amount ?? invoice.amount);
    if (accounted !== paid)
      problems.push(`paid invoice ${invoice.invoice_id}: ${paid} poisha paid, ${accounted} accounted for`);
  }
  return problems;
}

/** Scan the table and check its books. */
export async function auditBooks(db: Db, paidInvoices?: readonly PaidInvoice[]): Promise<BooksReport> {
  const items = await scanAll(db);
  const byType: Record<string, number> = {};
  for (const i of items) byType[String(i.type ?? '?')] = (byType[String(i.type ?? '?')] ?? 0) + 1;
  return { items: items.length, byType, problems: booksProblems(items, paidInvoices) };
}
