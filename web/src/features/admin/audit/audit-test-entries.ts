import type { AuditEntry } from './audit-data';

/** An audit entry for the Audit page's tests: a wallet adjustment's first write, unless `over` says. */
export const auditEntry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `${over.call_id ?? 'c1'}#${over.seq ?? 1}`,
  call_id: 'c1',
  seq: 1,
  at: '2026-11-27T04:05:00.000Z',
  actor_id: 'admin-1',
  actor_email: 'admin@khelaghor.local',
  ip: '203.0.113.9',
  action: 'admin-commerce/wallet-adjustment',
  summary: 'Adjust a wallet',
  method: 'POST',
  path: '/api/admin/wallet/u1/adjust',
  request: { amount: 5000, note: 'refund' },
  changes: [
    {
      op: 'update',
      pk: 'USER#u1',
      sk: 'PROFILE',
      before: { balance: 10000, email: 'rahim@buyer.test', flagged: true },
      after: { balance: 15000, email: 'rahim@buyer.test' },
      removed: ['flagged'],
    },
  ],
  more_changes: 0,
  ...over,
});
