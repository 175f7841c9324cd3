import { dhakaDay } from '@khelaghor/contract/dhaka-day';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ReconBreak } from '@khelaghor/contract/schemas/reconciliation';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { call } from '../../../shared/api/client';
import { useFormat } from '../../../shared/i18n/format';
import { SectionCard } from '../components/kit';
import { useConfirm } from '../components/confirm-dialog';
import { useAdminMutation } from '../components/crud';
import { getOptions } from '../api';
import { useErrorToast } from '../hooks/use-admin-queries';
import { notifyInvalid } from '../lib/notify';
import { t, useT } from './messages';

/** Yesterday in Asia/Dhaka: the day the nightly job reconciles. */
const dhakaYesterday = () => dhakaDay(Date.now() - 86_400_000);

function BreakItem({ day, item }: { day: string; item: ReconBreak }) {
  const tr = useT();
  const { date } = useFormat();
  const [note, setNote] = useState('');
  const resolve = useAdminMutation(
    (value: string) => call('adminResolveBreak', { params: { day, id: item.id }, body: { note: value } }),
    { success: t('resolvedDone'), refresh: ['adminGetReconciliation'] },
  );
  // A resolved break stays resolved: the admin confirms which one and the note first.
  const confirm = useConfirm();
  const submit = () => {
    const value = note.trim();
    if (!value) return notifyInvalid(t('noteRequired'));
    confirm.ask({
      title: t('confirmResolveTitle'),
      description: t('confirmResolve', {
        kind: t(`kind_${item.kind}`),
        reference: item.reference,
        note: value,
      }),
      confirmText: t('markResolved'),
      destructive: false,
      onConfirm: () => resolve.mutate(value),
    });
  };
  return (
    <li className="rounded-lg border p-3" data-testid="recon-break" aria-label={tr(`kind_${item.kind}`)}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold">{tr(`kind_${item.kind}`)}</p>
        <div className="flex gap-1">
          <Badge variant="outline">{item.kind}</Badge>
          <Badge variant="secondary">{tr(`source_${item.source}`)}</Badge>
        </div>
      </div>
      <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-3">
        <dt className="text-muted-foreground">{tr('reference')}</dt>
        <dd className="break-all font-mono">{item.reference}</dd>
        <dt className="text-muted-foreground">{tr('shopSays')}</dt>
        <dd>{item.shop ?? '—'}</dd>
        <dt className="text-muted-foreground">{tr('otherSays')}</dt>
        <dd>{item.other ?? '—'}</dd>
      </dl>
      <p className="mt-1 text-sm text-muted-foreground">{item.detail}</p>
      <p className="mt-2 text-sm">
        <span className="font-medium">{tr('whatToDo')}: </span>
        {tr(`todo_${item.kind}`)}
      </p>
      {item.resolved_at ? (
        <p className="mt-2 text-sm font-medium text-green-700" data-testid="recon-resolved">
          {tr('resolvedBy', {
            at: date(item.resolved_at),
            by: item.resolved_by ?? '—',
            note: item.resolution_note ?? '',
          })}
        </p>
      ) : (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <label className="grid flex-1 gap-1 text-sm">
            {tr('note')}
            <Input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          </label>
          <Button onClick={submit} disabled={resolve.isPending}>
            {tr('markResolved')}
          </Button>
        </div>
      )}
      {confirm.dialog}
    </li>
  );
}

/**
 * Admin 'Reconciliation': one Asia/Dhaka day's report (written by the nightly job, or by Run):
 * its breaks, what to do for each, and who resolved which with what note.
 */
export default function ReconciliationSection() {
  const tr = useT();
  const { date, number } = useFormat();
  const [params, setParams] = useSearchParams();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.get('day') ?? '') ? params.get('day')! : dhakaYesterday();
  const report = useQuery(getOptions('adminGetReconciliation', { params: { day } }));
  useErrorToast(report.error, tr('failedLoad'));
  const run = useAdminMutation(() => call('adminRunReconciliation', { params: { day } }), {
    success: t('ran'),
    refresh: ['adminGetReconciliation'],
  });
  const r = report.data?.report;
  const open = r?.breaks.filter((b) => !b.resolved_at).length ?? 0;
  return (
    <SectionCard title={tr('reconciliation')} description={tr('reconciliationDescription')}>
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1 text-sm">
          {tr('day')}
          <Input
            type="date"
            value={day}
            onChange={(e) => e.target.value && setParams({ day: e.target.value }, { replace: true })}
          />
        </label>
        <Button onClick={() => run.mutate(undefined)} disabled={run.isPending}>
          {tr('run')}
        </Button>
      </div>
      {report.isLoading ? null : !r ? (
        <p className="mt-4 text-sm text-muted-foreground">{tr('notRun')}</p>
      ) : (
        <div className="mt-4 grid gap-3">
          <p className="text-sm text-muted-foreground">
            {tr('ranAt', { at: date(r.ran_at), by: r.ran_by })} ·{' '}
            {tr('checked', {
              invoices: number(r.checked.gateway_invoices),
              manual: number(r.checked.manual_payments),
              supplier: number(r.checked.supplier_orders),
              wallets: number(r.checked.wallets),
            })}
          </p>
          {!r.gateway_listed && <p className="text-sm">{tr('notListed')}</p>}
          {r.unchecked.length > 0 && (
            <p className="text-sm text-destructive">
              {tr('unchecked')}: {r.unchecked.join('; ')}
            </p>
          )}
          {r.breaks.length === 0 ? (
            <p className="font-medium">{tr('noBreaks')}</p>
          ) : (
            <>
              <p className="font-medium">
                {tr('breaksCount', { count: number(r.breaks.length), open: number(open) })}
              </p>
              <ul className="grid gap-3">
                {r.breaks.map((b) => (
                  <BreakItem key={b.id} day={day} item={b} />
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </SectionCard>
  );
}
