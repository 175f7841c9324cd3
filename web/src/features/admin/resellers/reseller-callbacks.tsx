import { useInfiniteQuery } from '@tanstack/react-query';
import type { ResellerCallback } from '@khelaghor/contract/schemas/reseller-callbacks';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { call } from '../../../shared/api/client';
import { queryKey } from '../../../shared/api/query-keys';
import { useErrorToast } from '../hooks/use-admin-queries';
import { currentLocale } from '../../../shared/i18n/i18n';
import { formatDateIn, formatNumberIn, useFormat } from '../../../shared/i18n/format';
import { t, useT, type SettingsMessage } from '../settings/messages';
import { useAdminMutation } from '../components/crud';
import { ListTable } from '../components/kit';

const STATUS_BADGE = { delivered: 'secondary', pending: 'outline', failed: 'destructive' } as const;
const STATUS_TEXT: Record<ResellerCallback['status'], SettingsMessage> = {
  delivered: 'callbackDelivered',
  pending: 'callbackPending',
  failed: 'callbackFailed',
};

/**
 * One attempt as a line: when, what the reseller's server answered (or why nothing), how long it
 * took; in the page's language at call time (the table re-renders on a switch).
 */
function attemptText(a: ResellerCallback['attempts'][number]): string {
  const locale = currentLocale();
  const answer = a.status_code !== null ? `HTTP ${a.status_code}` : (a.error ?? t('noAnswer'));
  return t('attemptLine', {
    date: formatDateIn(locale, a.at),
    answer,
    ms: formatNumberIn(locale, a.duration_ms),
  });
}

/** A reseller's order callbacks with every attempt, and 'Send again'. */
export function ResellerCallbacksTable({ userId }: { userId: string }) {
  const tr = useT();
  const { money, date } = useFormat();
  const list = useInfiniteQuery({
    queryKey: queryKey('adminListResellerCallbacks', userId),
    queryFn: ({ pageParam, signal }) =>
      call('adminListResellerCallbacks', {
        params: { userId },
        query: { cursor: pageParam, limit: 50 },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
  useErrorToast(list.error, tr('failedLoadCallbacks'));
  const items = (list.data?.pages ?? []).flatMap((p) => p.items);
  const resend = useAdminMutation((id: string) => call('adminResendResellerCallback', { params: { id } }), {
    success: tr('callbackSentAgain'),
    refresh: ['adminListResellerCallbacks'],
  });
  return (
    <>
      <ListTable
        t={tr}
        columns={['colEvent', 'order', 'amount', 'status', 'colAttempts', 'created', 'actions']}
        list={list}
        items={items}
        empty={tr('noCallbacks')}
        row={(c) => (
          <tr key={c.id} className="border-t align-top" data-testid="callback-row" data-reseller={userId}>
            <td className="font-mono text-xs">{c.event}</td>
            <td className="font-mono">{c.order_id.slice(0, 8)}</td>
            <td>{money(c.payload.total_amount)}</td>
            <td>
              <Badge variant={STATUS_BADGE[c.status]}>{tr(STATUS_TEXT[c.status])}</Badge>
              {c.waiting_for_url && (
                <div className="text-xs text-muted-foreground">{tr('waitingForUrl')}</div>
              )}
              {c.next_attempt_at && (
                <div className="text-xs text-muted-foreground">
                  {tr('nextAttempt', { date: date(c.next_attempt_at) })}
                </div>
              )}
            </td>
            <td className="text-xs">
              <details>
                <summary className="cursor-pointer">{tr('attemptCount', { count: c.attempt_count })}</summary>
                <ol className="mt-1 list-decimal pl-4">
                  {c.attempts.map((a, i) => (
                    <li key={i}>{attemptText(a)}</li>
                  ))}
                </ol>
              </details>
            </td>
            <td className="whitespace-nowrap">{date(c.created_at)}</td>
            <td>
              <Button
                size="sm"
                variant="outline"
                disabled={resend.isPending}
                onClick={() => resend.mutate(c.id)}
              >
                {tr('sendAgain')}
              </Button>
            </td>
          </tr>
        )}
      />
    </>
  );
}
