import { describe, expect, it } from 'vitest';
import { noticesFor } from '../../domain/notify/notices';
import { reconciliationBreaks } from '../notify/shop-messages';

const report = (ranAt: string, breaks: Array<Record<string, unknown>>) => ({
  type: 'recon_report',
  day: '2026-11-26',
  ran_at: ranAt,
  breaks,
});
const open = (kind: string) => ({ id: `${kind}.x`, kind, resolved_at: null });

describe('reconciliation mail to the alert addresses', () => {
  it('one mail per run that found open breaks; none for a clean day or a resolution', () => {
    const first = report('2026-11-27T00:10:00Z', [open('amount_mismatch'), open('ledger_mismatch')]);
    expect(noticesFor({ after: first })).toEqual([
      {
        id: 'recon#2026-11-26#2026-11-27T00:10:00Z',
        audience: 'shop',
        kind: 'reconciliation',
        day: '2026-11-26',
      },
    ]);
    expect(noticesFor({ after: report('2026-11-27T00:10:00Z', []) })).toEqual([]);
    const resolved = {
      ...first,
      breaks: [{ ...open('amount_mismatch'), resolved_at: '2026-11-27T01:00:00Z' }, open('ledger_mismatch')],
    };
    expect(noticesFor({ before: first, after: resolved })).toEqual([]);
    const rerun = report('2026-11-27T02:00:00Z', [open('ledger_mismatch')]);
    expect(noticesFor({ before: resolved, after: rerun }).map((n) => n.id)).toEqual([
      'recon#2026-11-26#2026-11-27T02:00:00Z',
    ]);
  });

  it('the mail counts the open breaks by kind and links the day', () => {
    const mail = reconciliationBreaks(
      'https://shop.example',
      report('t', [
        open('amount_mismatch'),
        open('amount_mismatch'),
        { ...open('ledger_mismatch'), resolved_at: 'x' },
      ]),
    );
    expect(mail.subject).toBe('Reconciliation 2026-11-26: 2 breaks');
    expect(mail.rows).toEqual([['amount_mismatch', '2']]);
    expect(mail.action?.url).toBe('https://shop.example/admin/reconciliation?day=2026-11-26');
  });
});
