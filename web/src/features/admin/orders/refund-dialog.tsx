import { parseTakaToPoisha } from '@khelaghor/contract/taka';
import { REFUND_SENDING_LOST_MS, type RefundDestination } from '@khelaghor/contract/schemas/refunds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { call } from '../../../shared/api/client';
import { methodLabel } from '../../../shared/lib/format';
import { useAdminMutation } from '../components/crud';
import { useConfirm } from '../components/confirm-dialog';
import { Field, FormDialog, NativeSelect } from '../components/kit';
import { refreshAdmin } from '../api';
import { useAdminGet } from '../hooks/use-admin-queries';
import { notifyError, notifyInfo, notifySuccess } from '../lib/notify';
import { formatDateTime, formatTaka } from '../lib/format';
import { t, useT } from '../messages';
import { t as orderText } from './messages';

/** A new id per opening of the dialog: a retried request finds its refund and is never sent twice. */
const newRequestId = () => `rf-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const DESTINATION_TEXT = {
  wallet: 'refundToWallet',
  original: 'refundToOriginal',
  send_money: 'refundBySendMoney',
} as const;
const STATE_TEXT = {
  sending: 'refundSending',
  sent: 'refundSent',
  refused: 'refundRefused',
  unknown: 'refundUnknown',
} as const;

/**
 * An order's refunds and the form for a new one: amount (default what may still be refunded),
 * destination (wallet by default; the original bKash/Nagad/Rocket payment; a Send Money recorded
 * with its TrxID) and reason, with a confirmation. An unknown refund asks the admin to confirm it
 * from the gateway's panel.
 */
/** Only the gateway panel can settle an unknown refund, or one whose call was lost (the server's rule). */
const awaitsPanel = (r: { state: string; created_at: string }) =>
  r.state === 'unknown' ||
  (r.state === 'sending' && Date.now() - Date.parse(r.created_at) > REFUND_SENDING_LOST_MS);

export function RefundDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const tr = useT();
  const refunds = useAdminGet('adminListRefunds', { params: { id: orderId } });
  // A try's request id: sent again for the same refund (a retry after a failed answer), a new one
  // once the form says another refund (the server refuses an id reused for a different one).
  const attempt = useRef<{ key: string; id: string }>(undefined);
  const [amount, setAmount] = useState('');
  const [destination, setDestination] = useState<RefundDestination>('wallet');
  const [reason, setReason] = useState('');
  const [trxId, setTrxId] = useState('');
  const confirm = useConfirm();
  const data = refunds.data;
  const refresh = ['adminListRefunds', 'adminListOrders'] as const;

  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (input: { amount: number }) => {
      const body = {
        amount: input.amount,
        destination,
        reason,
        ...(destination === 'send_money' && { trx_id: trxId }),
      };
      const key = JSON.stringify(body);
      if (attempt.current?.key !== key) attempt.current = { key, id: newRequestId() };
      return call('adminCreateRefund', {
        params: { id: orderId },
        body: { request_id: attempt.current.id, ...body },
      });
    },
    onSuccess: ({ refund: r }) => {
      // Only a refund known sent is a success: a refusal says the gateway's words, an unknown
      // outcome what to do next.
      if (r.state === 'refused') toast.error(t('refundRefused'), { description: r.message || undefined });
      else if (r.state === 'sent') notifySuccess(t('refundSent'));
      else notifyInfo(t(STATE_TEXT[r.state]), orderText('refundUnknownHint'));
      attempt.current = undefined;
      setAmount('');
      setReason('');
      setTrxId('');
      void refreshAdmin(queryClient, refresh);
    },
    onError: (error) => notifyError(error),
  });
  const settle = useAdminMutation(
    (input: { refundId: string; outcome: 'sent' | 'refused' }) =>
      call('adminConfirmRefund', {
        params: { id: orderId, refundId: input.refundId },
        body: { outcome: input.outcome, note: t('refundCheckedInPanel') },
      }),
    { success: () => t('refundConfirmed'), refresh },
  );

  const poisha = amount.trim() ? parseTakaToPoisha(amount) : data?.refundable;
  const valid =
    !!poisha &&
    poisha > 0 &&
    !!reason.trim() &&
    (destination !== 'send_money' || /^[A-Za-z0-9]{6,20}$/.test(trxId));

  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={tr('refundsOfOrder', { order: orderId.slice(0, 8) })}
    >
      {data && (
        <div className="flex flex-col gap-4" data-testid="refunds">
          <p className="text-sm">
            {tr('refundSums', {
              paid: formatTaka(data.paid),
              returned: formatTaka(data.returned),
              refundable: formatTaka(data.refundable),
            })}
          </p>
          {data.items.length > 0 && (
            <ul className="flex flex-col gap-2">
              {data.items.map((r) => (
                <li
                  key={r.id}
                  className="rounded border p-2 text-sm"
                  data-testid="refund-row"
                  data-state={r.state}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{formatTaka(r.amount)}</span>
                    <span>{tr(DESTINATION_TEXT[r.destination])}</span>
                    {r.method && r.destination === 'original' && <span>{methodLabel(r.method)}</span>}
                    <Badge
                      variant={
                        r.state === 'sent' ? 'default' : r.state === 'refused' ? 'destructive' : 'secondary'
                      }
                    >
                      {tr(STATE_TEXT[r.state])}
                    </Badge>
                  </div>
                  <div className="text-xs text-muted-foreground">
                    {formatDateTime(r.created_at)} · {r.reason}
                    {r.trx_id && ` · TrxID ${r.trx_id}`}
                    {r.message && ` · ${r.message}`}
                  </div>
                  {awaitsPanel(r) && (
                    <div className="mt-2 flex flex-wrap items-center gap-2">
                      <span className="text-xs">{tr('refundConfirmFromPanel')}</span>
                      {(['sent', 'refused'] as const).map((outcome) => (
                        <Button
                          key={outcome}
                          size="sm"
                          variant={outcome === 'sent' ? 'default' : 'outline'}
                          disabled={settle.isPending}
                          onClick={() =>
                            confirm.ask({
                              title: tr('refundConfirmTitle'),
                              description: tr(
                                outcome === 'sent'
                                  ? 'refundConfirmSentQuestion'
                                  : 'refundConfirmRefusedQuestion',
                                {
                                  amount: formatTaka(r.amount),
                                },
                              ),
                              confirmText: tr(STATE_TEXT[outcome]),
                              destructive: false,
                              onConfirm: () => settle.mutate({ refundId: r.id, outcome }),
                            })
                          }
                        >
                          {tr(STATE_TEXT[outcome])}
                        </Button>
                      ))}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          {data.refundable > 0 && (
            <form
              className="flex flex-col gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                if (!valid || !poisha) return;
                confirm.ask({
                  title: tr('refundTitle'),
                  description: tr('refundNewQuestion', {
                    amount: formatTaka(poisha),
                    destination: tr(DESTINATION_TEXT[destination]),
                  }),
                  confirmText: tr('refund'),
                  destructive: true,
                  onConfirm: () => create.mutate({ amount: poisha }),
                });
              }}
            >
              <Field id="refund-amount" label={tr('refundAmount')}>
                <Input
                  id="refund-amount"
                  inputMode="decimal"
                  placeholder={(data.refundable / 100).toFixed(2)}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
              </Field>
              <Field id="refund-destination" label={tr('refundDestination')}>
                <NativeSelect
                  id="refund-destination"
                  value={destination}
                  onChange={(e) => setDestination(e.target.value as RefundDestination)}
                >
                  <option value="wallet">{tr('refundToWallet')}</option>
                  {data.original_method && (
                    <option value="original">
                      {tr('refundToOriginal')} ({methodLabel(data.original_method)})
                    </option>
                  )}
                  <option value="send_money">{tr('refundBySendMoney')}</option>
                </NativeSelect>
              </Field>
              {destination === 'send_money' && (
                <Field id="refund-trxid" label="TrxID" hint={tr('refundSendMoneyHint')}>
                  <Input id="refund-trxid" value={trxId} onChange={(e) => setTrxId(e.target.value.trim())} />
                </Field>
              )}
              <Field id="refund-reason" label={tr('refundReason')}>
                <Input id="refund-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
              </Field>
              <div className="flex justify-end">
                <Button type="submit" variant="destructive" disabled={!valid || create.isPending}>
                  {tr('refund')}
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
      {confirm.dialog}
    </FormDialog>
  );
}
