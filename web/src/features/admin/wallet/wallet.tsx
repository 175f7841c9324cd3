import { methodLabel } from '../../../shared/lib/format';
import {
  ADJUSTMENT_METHODS,
  MANUAL_TOPUP_STATUSES,
  type AdjustmentMethod,
  type ManualTopupStatus,
} from '@khelaghor/contract/facts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@khelaghor/contract/schemas/admin-users';
import type { Payment } from '@khelaghor/contract/schemas/payments';
import { WalletAdjustmentBody, type CompetingRequest } from '@khelaghor/contract/schemas/admin-commerce';
import type * as z from '@khelaghor/contract/zod';
import { useRef, useState, type FormEvent } from 'react';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { call } from '../../../shared/api/client';
import { useConfirm } from '../components/confirm-dialog';
import { useAdminMutation } from '../components/crud';
import { UserPicker } from '../users/user-picker';
import { ListTable, NativeSelect, Options, SectionCard } from '../components/kit';
import { FormField, useKitForm } from '../form-kit';
import { formatDateTime, formatTaka, parseTakaToPoisha } from '../lib/format';
import { MANUAL_TOPUP_STATUS_TEXT, PAYMENT_STATUS_TEXT } from '../lib/labels';
import { t, useT } from '../messages';
import { notifyError, notifyInvalid, notifySuccess } from '../lib/notify';
import { usePagedList } from '../hooks/use-admin-queries';
import { refreshAdmin } from '../api';
import { creditedElsewhere, SmsCheck } from './sms-check';

/** The spec's checks: user and amount required, a non-numeric amount is not valid. */
export function validateAdjustment(input: {
  userId: string;
  amount: string;
}): { error: string } | { poisha: number } {
  if (!input.userId || !input.amount.trim()) return { error: t('fillRequired') };
  const poisha = parseTakaToPoisha(input.amount);
  if (poisha === undefined || poisha <= 0) return { error: t('validAmount') };
  return { poisha };
}

interface AdjustmentValues extends Record<string, unknown> {
  type: 'credit' | 'debit';
  /** Taka as typed. */
  amount: string;
  payment_method: AdjustmentMethod;
  note: string;
}
const EMPTY: AdjustmentValues = { type: 'credit', amount: '', payment_method: 'admin_adjustment', note: '' };

function AdjustmentForm() {
  const [chosen, setChosen] = useState<AdminUser | null>(null);
  const userId = chosen?.id ?? '';
  // The toasts are the spec's checks (validateAdjustment); the schema gives the fields their limits.
  const form = useKitForm(WalletAdjustmentBody, EMPTY, (v: AdjustmentValues) => v, { id: 'wallet' });
  const { type, amount, payment_method: method, note } = form.values;
  const tr = useT();
  const queryClient = useQueryClient();
  // One key per adjustment: pressing again after a lost answer resends the same request, and the
  // server returns the first adjustment instead of crediting twice. Another request, another key.
  const sent = useRef<{ request: string; key: string } | null>(null);

  const adjust = useMutation({
    mutationFn: (poisha: number) => {
      const body = {
        user_id: userId,
        type,
        amount: poisha,
        payment_method: method,
        ...(note.trim() && { note: note.trim() }),
      };
      const request = JSON.stringify(body);
      if (sent.current?.request !== request) sent.current = { request, key: crypto.randomUUID() };
      return call('adminWalletAdjustment', { headers: { 'Idempotency-Key': sent.current.key }, body });
    },
    onSuccess: (res) => {
      sent.current = null;
      notifySuccess(t('walletUpdated'), t('newBalance', { amount: formatTaka(res.balance) }));
      setChosen((u) => (u ? { ...u, balance: res.balance } : u));
      form.reset({ ...form.values, amount: '', note: '' });
      void refreshAdmin(queryClient);
    },
    onError: (error) => notifyError(error),
  });

  const confirm = useConfirm();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateAdjustment({ userId, amount });
    if ('error' in checked) return notifyInvalid(checked.error);
    // The balance moves the moment the server has it: the operator sees who, how much and which way first.
    const values = { amount: formatTaka(checked.poisha), email: chosen?.email ?? userId };
    confirm.ask({
      title: t('confirmWalletTitle'),
      description: t(type === 'credit' ? 'confirmCredit' : 'confirmDebit', values),
      confirmText: t('updateWallet'),
      destructive: type === 'debit',
      onConfirm: () => adjust.mutate(checked.poisha),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium">{tr('user')}</p>
        {chosen ? (
          <p className="break-all text-sm" data-testid="wallet-user">
            <span className="font-medium">{chosen.email}</span>{' '}
            <Button size="sm" variant="link" className="h-auto p-0" onClick={() => setChosen(null)}>
              {tr('change')}
            </Button>
          </p>
        ) : (
          <UserPicker browse onChoose={setChosen} errorPrefix={tr('failedLoadWallet')} />
        )}
      </div>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <FormField form={form} name="type" label={tr('transactionType')} as="select">
          <option value="credit">{tr('creditAdd')}</option>
          <option value="debit">{tr('debitSubtract')}</option>
        </FormField>
        <FormField form={form} name="amount" label={tr('amountTaka')} digits="amount" placeholder="0.00" />
        <FormField
          form={form}
          name="payment_method"
          id="wallet-method"
          label={tr('paymentMethod')}
          as="select"
        >
          <Options values={ADJUSTMENT_METHODS} label={(m) => methodLabel(m)} />
        </FormField>
        <FormField form={form} name="note" label={tr('noteOptional')} maxLength={500} />
        <div className="flex items-end justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            {chosen ? tr('currentBalance', { amount: formatTaka(chosen.balance) }) : ''}
          </p>
          <Button type="submit" disabled={adjust.isPending}>
            {adjust.isPending ? tr('updating') : tr('updateWallet')}
          </Button>
        </div>
      </form>
      {confirm.dialog}
    </div>
  );
}

type Competing = z.infer<typeof CompetingRequest>;
/** The other requests naming a request's TrxID (the server sends them; absent in older answers). */
const competingOf = (p: Payment & { competing?: Competing[] }) => p.competing ?? [];

/** A squatter and the real payer side by side: each other request's buyer, sender number, amount. */
function CompetingRequests({ others }: { others: Competing[] }) {
  const tr = useT();
  if (others.length === 0) return null;
  return (
    <div role="note" className="mt-1 text-xs text-destructive">
      {tr('trxAlsoClaimed')}:
      <ul>
        {others.map((o) => (
          <li key={o.id}>
            {o.user_email ?? '—'} · {tr('colSender')} {o.sender_number ?? '—'} · {formatTaka(o.amount)} ·{' '}
            {tr(MANUAL_TOPUP_STATUS_TEXT[o.status])}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ManualTopups() {
  const [status, setStatus] = useState<ManualTopupStatus>('pending');
  const tr = useT();
  const list = usePagedList('adminListManualTopups', { status }, { errorPrefix: tr('failedLoadWallet') });
  const decide = useAdminMutation(
    (input: { id: string; approve: boolean }) =>
      input.approve
        ? call('adminApproveManualTopup', { params: { id: input.id }, body: {} })
        : call('adminRejectManualTopup', { params: { id: input.id }, body: {} }),
    { success: (input) => (input.approve ? t('topupApproved') : t('topupRejected')) },
  );
  const confirm = useConfirm();
  // Approving credits the wallet at once: the operator confirms the amount, the buyer and the TrxID.
  const ask = (p: Payment, approve: boolean) => {
    const values = {
      amount: formatTaka(p.amount),
      email: p.user_email ?? p.user_id,
      trxid: p.transaction_id ?? '—',
    };
    // Another account names the same TrxID: the operator is told to compare before crediting.
    const warn = approve && competingOf(p).length > 0 ? t('confirmApproveCompeting') : '';
    confirm.ask({
      title: t(approve ? 'confirmApproveTitle' : 'confirmRejectTitle'),
      description: t(approve ? 'confirmApproveQuestion' : 'confirmRejectQuestion', values) + warn,
      confirmText: t(approve ? 'approve' : 'reject'),
      destructive: !approve,
      onConfirm: () => decide.mutate({ id: p.id, approve }),
    });
  };
  return (
    <>
      <div className="mb-3 w-48">
        <NativeSelect
          aria-label={tr('requestStatus')}
          value={status}
          onChange={(e) => setStatus(e.target.value as typeof status)}
        >
          <Options values={MANUAL_TOPUP_STATUSES} label={(s) => tr(MANUAL_TOPUP_STATUS_TEXT[s])} />
        </NativeSelect>
      </div>
      <ListTable
        // Key columns first: on a phone the amount, the TrxID to check and the decision come before
        // the table scrolls.
        columns={[
          tr('colAmount'),
          'TrxID',
          tr('colActions'),
          tr('colUser'),
          tr('colMethod'),
          tr('colSender'),
          tr('colStatus'),
          tr('colRequested'),
        ]}
        list={list}
        empty={tr('noRequests')}
        row={(p) => (
          <tr key={p.id} className="border-t">
            <td>{formatTaka(p.amount)}</td>
            <td>
              <span className="font-mono">{p.transaction_id}</span>
              <CompetingRequests others={competingOf(p)} />
              <SmsCheck request={p} />
            </td>
            <td>
              {p.status === 'pending' && (
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    disabled={decide.isPending || creditedElsewhere(p)}
                    onClick={() => ask(p, true)}
                  >
                    {tr('approve')}
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    disabled={decide.isPending}
                    onClick={() => ask(p, false)}
                  >
                    {tr('reject')}
                  </Button>
                </div>
              )}
            </td>
            <td>{p.user_email ?? p.user_id}</td>
            <td>{p.payment_method ? methodLabel(p.payment_method) : ''}</td>
            <td>{p.sender_number}</td>
            <td>
              <Badge
                variant={p.status === 'completed' || p.status === 'pending' ? 'secondary' : 'destructive'}
              >
                {tr(PAYMENT_STATUS_TEXT[p.status])}
              </Badge>
            </td>
            <td className="whitespace-nowrap">{formatDateTime(p.created_at)}</td>
          </tr>
        )}
      />
      {confirm.dialog}
    </>
  );
}

export default function WalletSection() {
  const tr = useT();
  return (
    <div className="flex flex-col gap-4">
      <SectionCard title={tr('navWallet')} description={tr('walletDescription')}>
        <AdjustmentForm />
      </SectionCard>
      <SectionCard title={tr('manualTopups')} description={tr('manualTopupsDescription')}>
        <ManualTopups />
      </SectionCard>
    </div>
  );
}
