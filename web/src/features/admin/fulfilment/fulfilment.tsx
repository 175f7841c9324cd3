import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Copy } from 'lucide-react';
import type { FulfilmentQueueItem } from '@khelaghor/contract/schemas/suppliers';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { call } from '../../../shared/api/client';
import { copyText } from '../../../shared/lib/clipboard';
import { useFormat } from '../../../shared/i18n/format';
import { toast } from '../../../shared/ui/sonner';
import { SectionCard } from '../components/kit';
import { useConfirm } from '../components/confirm-dialog';
import { useAdminMutation } from '../components/crud';
import { getOptions } from '../api';
import { useErrorToast } from '../hooks/use-admin-queries';
import { formatTaka } from '../lib/format';
import { notifyInvalid } from '../lib/notify';
import { SupplierHealthCard } from './supplier-health';
import { t, useT } from './messages';

const minutesBetween = (from: number, to: number) => Math.max(0, Math.round((to - from) / 60_000));

/** A value the operator types into the game's tools: shown whole, copied with one tap. */
function CopyValue({ label, value }: { label: string; value: string }) {
  const copy = async () => {
    if (await copyText(value)) toast.success(t('copiedValue', { label }));
    else toast.error(t('couldNotCopy'));
  };
  return (
    <div className="flex items-center gap-2">
      <span className="text-muted-foreground">{label}</span>
      <code className="break-all font-mono text-base font-semibold">{value}</code>
      <Button
        type="button"
        variant="outline"
        size="icon"
        onClick={() => void copy()}
        aria-label={t('copyValue', { label })}
      >
        <Copy aria-hidden="true" />
      </Button>
    </div>
  );
}

/** How long the order has waited, and where it stands against the time the buyer was promised. */
function Age({ item, now }: { item: FulfilmentQueueItem; now: number }) {
  const tr = useT();
  const { number } = useFormat();
  const promised = Date.parse(item.promised_by);
  const late = now > promised;
  return (
    <p className={late ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}>
      {tr('waiting', { minutes: number(minutesBetween(Date.parse(item.paid_at), now)) })} ·{' '}
      {late
        ? tr('overdue', { minutes: number(minutesBetween(promised, now)) })
        : tr('dueIn', { minutes: number(minutesBetween(now, promised)) })}
    </p>
  );
}

function QueueItem({ item, now }: { item: FulfilmentQueueItem; now: number }) {
  const tr = useT();
  const [proof, setProof] = useState('');
  const [reason, setReason] = useState('');
  const confirm = useConfirm();
  const pkg = `${item.product_name} - ${item.variant_name}`;
  const claim = useAdminMutation(() => call('adminClaimFulfilment', { params: { id: item.order_id } }), {
    success: t('claimedMine'),
    refresh: ['adminListFulfilment'],
  });
  const ended = (result: string, ok: string) => (result === 'already' ? t('orderAlreadyEnded') : ok);
  const done = useAdminMutation(
    (value: string) =>
      call('adminCompleteFulfilment', { params: { id: item.order_id }, body: { proof: value } }),
    { success: (_, res) => ended(res.result, t('orderDone')), refresh: ['adminListFulfilment'] },
  );
  const fail = useAdminMutation(
    (why: string) =>
      call('adminFailFulfilment', {
        params: { id: item.order_id },
        body: why ? { reason: why } : {},
      }),
    { success: (_, res) => ended(res.result, t('orderRefunded')), refresh: ['adminListFulfilment'] },
  );
  const busy = claim.isPending || done.isPending || fail.isPending;

  const askDone = () => {
    const value = proof.trim();
    if (!value) return notifyInvalid(t('proofRequired'));
    confirm.ask({
      title: t('confirmDoneTitle'),
      description: t('confirmDone', { package: pkg, uid: item.player_uid, proof: value }),
      confirmText: t('done'),
      destructive: false,
      onConfirm: () => done.mutate(value),
    });
  };
  const askFail = () =>
    confirm.ask({
      title: t('confirmFailTitle'),
      description: t('confirmFail', {
        package: pkg,
        uid: item.player_uid,
        amount: formatTaka(item.total_amount),
      }),
      confirmText: t('refundToWallet'),
      onConfirm: () => fail.mutate(reason.trim()),
    });

  return (
    <li className="rounded-lg border p-3" data-testid="fulfilment-item" aria-label={pkg}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold">{pkg}</p>
          <p className="text-sm">
            {formatTaka(item.total_amount)} · {tr('buyer')}: {item.user_email ?? '—'}
          </p>
          <Age item={item} now={now} />
        </div>
        {item.queue_reason && <Badge variant="secondary">{tr(`reason_${item.queue_reason}`)}</Badge>}
      </div>
      <div className="mt-2 grid gap-1">
        <CopyValue label={tr('playerUid')} value={item.player_uid} />
        {item.player_zone && <CopyValue label={tr('zone')} value={item.player_zone} />}
      </div>
      <div className="mt-3">
        {!item.claimed_by ? (
          <Button onClick={() => claim.mutate(undefined)} disabled={busy}>
            {tr('claim')}
          </Button>
        ) : !item.mine ? (
          <p className="text-sm text-muted-foreground">{tr('claimedByOther')}</p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-2">
            <label className="grid gap-1 text-sm">
              {tr('proof')}
              <Input value={proof} maxLength={200} onChange={(e) => setProof(e.target.value)} />
            </label>
            <label className="grid gap-1 text-sm">
              {tr('failReason')}
              <Input value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
            </label>
            <div className="flex flex-wrap gap-2 sm:col-span-2">
              <Button onClick={askDone} disabled={busy}>
                {tr('done')}
              </Button>
              <Button variant="destructive" onClick={askFail} disabled={busy}>
                {tr('failed')}
              </Button>
            </div>
          </div>
        )}
      </div>
      {confirm.dialog}
    </li>
  );
}

/**
 * The operator's queue (admin 'Fulfilment'): manual packages, supplier orders unknown for 10
 * minutes, orders waiting for a supplier's balance, oldest first. One admin claims an order (the
 * server's conditional write: a second gets a 409), does it in the game, and marks it Done with
 * the game's transaction id or a note (shown to the buyer), or Failed (refunded to the wallet once).
 */
export default function FulfilmentSection() {
  const tr = useT();
  // New orders arrive by themselves: the list is asked again every half minute.
  const queue = useQuery({ ...getOptions('adminListFulfilment'), refetchInterval: 30_000 });
  useErrorToast(queue.error, tr('failedLoadQueue'));
  const [now] = useState(() => Date.now());
  const items = queue.data?.items ?? [];
  return (
    <div className="flex flex-col gap-4">
      <SectionCard title={tr('fulfilment')} description={tr('fulfilmentDescription')}>
        {queue.isLoading ? null : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{tr('queueEmpty')}</p>
        ) : (
          <ul className="grid gap-3">
            {items.map((item) => (
              <QueueItem key={item.order_id} item={item} now={queue.dataUpdatedAt || now} />
            ))}
          </ul>
        )}
      </SectionCard>
      <SupplierHealthCard />
    </div>
  );
}
