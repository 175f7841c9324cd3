import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { amountToPoisha } from '../src/clients/uddoktapay';
import type { SandboxGateway } from '../../local/src/sandbox-gateway';

/**
 * A table item as this audit reads it: every item has `type` and `id`; the other attributes are
 * there on the item types that use them (code, variant, ledger, profile, payment).
 */
type AuditedItem = Record<string, unknown> & {
  type: string;
  id: string;
  status?: string;
  variant_id: string;
  user_id: string;
  invoice_id?: string;
  kind?: string;
};

/**
 * The shop-wide check a test file runs after its tests (an auditor's Scan, never a code path of
 * the shop): every variant's stock counter equals its available codes, every user's ledger sums to
 * the balance, and every invoice the sandbox saw paid is accounted for by a completed (or
 * in-review) payment that carries its id, with the paid amount.
 */
export async function expectBooksBalanced(db: Db, sandbox?: SandboxGateway): Promise<void> {
  const items: AuditedItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.doc.send(
      new ScanCommand({ TableName: db.table, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    items.push(...((res.Items ?? []) as AuditedItem[]));
    start = res.LastEvaluatedKey;
  } while (start);

  // Every stock shard's counter = the available codes of that shard.
  const shardOf = (i: Record<string, unknown>) => `${String(i.variant_id)}#${Number(i.stock_shard ?? 0)}`;
  const available = new Map<string, number>();
  for (const c of items.filter((i) => i.type === 'code' && i.status === 'available'))
    available.set(shardOf(c), (available.get(shardOf(c)) ?? 0) + 1);
  const counters = items.filter((i) => (i as Record<string, unknown>).sk === 'STOCK');
  for (const s of counters)
    expect(Number((s as Record<string, unknown>).stock), `stock of ${String((s as Record<string, unknown>).pk)}`).toBe(
      available.get(shardOf(s)) ?? 0,
    );
  for (const key of available.keys()) expect(counters.map(shardOf), `counter of ${key}`).toContain(key);

  const ledger = new Map<string, number>();
  for (const e of items.filter((i) => i.type === 'ledger'))
    ledger.set(e.user_id, (ledger.get(e.user_id) ?? 0) + Number(e.amount));
  for (const p of items.filter((i) => i.type === 'profile')) {
    expect(Number(p.balance), `balance of ${p.id}`).toBe(ledger.get(p.id) ?? 0);
    expect(Number(p.balance)).toBeGreaterThanOrEqual(0);
  }

  if (!sandbox) return;
  // A payment accounts for the price it settled (or, in review, what was paid); an unexpected one
  // for what it credited. Together they must make up every paid invoice, to the poisha.
  const share = (p: AuditedItem) =>
    Number(p.kind !== 'unexpected' && p.status === 'review' ? p.paid_amount : p.amount);
  for (const invoice of sandbox.control.invoices().filter((i) => i.status === 'COMPLETED')) {
    const recorded = items.filter(
      (i) =>
        i.type === 'payment' &&
        i.invoice_id === invoice.invoice_id &&
        (i.status === 'completed' || i.status === 'review'),
    );
    const accounted = recorded.reduce((sum, p) => sum + share(p), 0);
    expect(accounted, `paid invoice ${invoice.invoice_id} is accounted for`).toBe(
      amountToPoisha(invoice.paid_amount ?? invoice.amount),
    );
  }
}
