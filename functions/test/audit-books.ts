import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import type { SandboxGateway } from '../../local/src/sandbox-gateway';
import { auditBooks } from '../../local/src/books-audit';

/**
 * The shop-wide check a test file runs after its tests (local/src/books-audit.ts, the same check
 * the restore runbook runs on a restored table): every variant's stock counter equals its
 * available codes, every user's ledger sums to the balance, and every invoice the sandbox saw paid
 * is accounted for by a completed (or in-review) payment that carries its id, with the paid amount.
 */
export async function expectBooksBalanced(db: Db, sandbox?: SandboxGateway): Promise<void> {
  const paid = sandbox?.control.invoices().filter((i) => i.status === 'COMPLETED');
  const report = await auditBooks(db, paid);
  expect(report.problems).toEqual([]);
}
