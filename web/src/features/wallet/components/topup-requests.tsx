import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Payment } from '@khelaghor/contract/schemas/payments';
import type { SmsControl } from '@khelaghor/contract/sms-facts';
import { invalidateRoutes } from '../../../shared/api/query-keys';
import { useEffect } from 'react';
import { errorMessage } from '../../../shared/api/client';
import { useFormat } from '../../../shared/i18n/format';
import { useMethodLabel, useStatusLabel } from '../../../shared/lib/format';
import { Badge, type BadgeVariant } from '../../../shared/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../shared/ui/card';
import { Skeleton } from '../../../shared/ui/skeleton';
import { toast } from '../../../shared/ui/sonner';
import { manualTopupsQuery } from '../api';
import { t, useT } from '../messages';

const requestBadge = (status: string): BadgeVariant =>
  status === 'completed' ? 'default' : status === 'pending' ? 'secondary' : 'destructive';

type Key = Parameters<typeof t>[0];
const REASONS: Record<SmsControl, Key> = {
  amount: 'smsReason_amount',
  receiving_number: 'smsReason_receiving_number',
  provider: 'smsReason_provider',
  time_window: 'smsReason_time_window',
  trxid_used: 'smsReason_trxid_used',
  balance_chain: 'smsReason_balance_chain',
  claimed_twice: 'smsReason_claimed_twice',
  duplicate_sms: 'smsReason_duplicate_sms',
};

/** Where a TrxID request stands with its SMS: waiting (and until when), sent for review (why), expired. */
function SmsState({ request: p }: { request: Payment }) {
  const tr = useT();
  const { date } = useFormat();
  if (p.status === 'expired') return <p className="text-xs text-destructive">{tr('smsExpired')}</p>;
  if (p.status !== 'pending') return null;
  if (p.sms_review)
    return (
      <p className="text-xs text-destructive">{tr('smsReview', { reason: tr(REASONS[p.sms_review]) })}</p>
    );
  if (p.expires_at)
    return <p className="text-xs text-muted-foreground">{tr('smsWaiting', { time: date(p.expires_at) })}</p>;
  return null;
}

/** A request still waiting for its SMS: the list asks again every few seconds until it is decided. */
const waiting = (items: Payment[] | undefined) =>
  !!items?.some((p) => p.status === 'pending' && p.expires_at && !p.sms_review);

/** The buyer's TrxID requests and where each stands. */
export function TopupRequests() {
  const tr = useT();
  const { money, date } = useFormat();
  const methodLabel = useMethodLabel();
  const statusLabel = useStatusLabel();
  const queryClient = useQueryClient();
  const requests = useQuery({
    ...manualTopupsQuery,
    refetchInterval: (q) => (waiting(q.state.data?.items) ? 2_000 : false),
  });
  // A request credited since the last answer: the balance shown on the page moves with it.
  const completed = requests.data?.items.filter((p) => p.status === 'completed').length ?? 0;
  useEffect(() => {
    if (completed) void invalidateRoutes(queryClient, 'getMe', 'walletLedger');
  }, [completed, queryClient]);
  useEffect(() => {
    if (requests.error) toast.error(t('error'), { description: errorMessage(requests.error) });
  }, [requests.error]);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{tr('trxRequests')}</CardTitle>
        <CardDescription>{tr('trxRequestsHint')}</CardDescription>
      </CardHeader>
      <CardContent>
        {requests.isPending ? (
          <div className="space-y-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : !requests.data?.items.length ? (
          <p className="text-sm text-muted-foreground">{tr('noRequests')}</p>
        ) : (
          <ul className="divide-y">
            {requests.data.items.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <div className="min-w-0">
                  <p className="font-medium">
                    {money(p.amount)} · {methodLabel(p.payment_method)}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">
                    {tr('trxLine', { id: p.transaction_id, date: date(p.created_at) })}
                  </p>
                  <SmsState request={p} />
                </div>
                <Badge variant={requestBadge(p.status)}>{statusLabel(p.status)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
