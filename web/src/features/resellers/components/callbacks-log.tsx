import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/client';
import { useFormat } from '../../../shared/i18n/format';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { toast } from '../../../shared/ui/sonner';
import { callbacksQuery, refreshCallbacks, resendCallback, type ResellerCallback } from '../api';
import { t, useT } from '../messages';

const STATUS_BADGE = { delivered: 'secondary', pending: 'outline', failed: 'destructive' } as const;

const STATUS_TEXT = {
  delivered: 'callbackDelivered',
  pending: 'callbackPending',
  failed: 'callbackFailed',
} as const;

// A technical log line: the HTTP status and milliseconds stay as the server measured them.
const attemptText = (a: ResellerCallback['attempts'][number], date: (iso: string) => string) =>
  `${date(a.at)} · ${a.status_code !== null ? `HTTP ${a.status_code}` : (a.error ?? t('noAnswer'))} · ${a.duration_ms} ms`;

/** The callbacks sent to the reseller's URL, newest first, each attempt listed, with 'Send again'. */
export function CallbacksLog() {
  const tr = useT();
  const { money, date } = useFormat();
  const client = useQueryClient();
  const list = useInfiniteQuery(callbacksQuery);
  const resend = useMutation({
    mutationFn: resendCallback,
    onSuccess: () => {
      toast.success(t('callbackSentAgain'), { description: t('callbackWillBeSent') });
      void refreshCallbacks(client);
    },
    onError: (error) => toast.error(t('error'), { description: errorMessage(error) }),
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isPending)
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {tr('loading')}
      </p>
    );
  if (list.error) return <p className="text-sm text-destructive">{errorMessage(list.error)}</p>;
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{tr('noCallbacks')}</p>;
  return (
    <>
      <ul className="divide-y rounded-md border text-sm">
        {items.map((c) => (
          <li key={c.id} className="space-y-1 p-3" data-testid="callback" data-callback-id={c.id}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-mono text-xs font-semibold">{c.event}</p>
              <Badge variant={STATUS_BADGE[c.status]}>{tr(STATUS_TEXT[c.status])}</Badge>
            </div>
            <p className="text-xs text-muted-foreground">
              {tr('order')} <span className="font-mono">{c.order_id}</span> · {c.payload.variant_name} ·{' '}
              {money(c.payload.total_amount)} · {date(c.created_at)}
            </p>
            {c.waiting_for_url && <p className="text-xs text-amber-700">{tr('waitingForUrl')}</p>}
            <details className="text-xs">
              <summary className="cursor-pointer">
                {tr('attempts', { count: c.attempt_count })}
                {c.next_attempt_at && ` · ${tr('nextAttempt', { date: date(c.next_attempt_at) })}`}
              </summary>
              <ol className="mt-1 list-decimal pl-5">
                {c.attempts.map((a, i) => (
                  <li key={i}>{attemptText(a, date)}</li>
                ))}
              </ol>
            </details>
            <Button
              size="sm"
              variant="outline"
              disabled={resend.isPending}
              onClick={() => resend.mutate(c.id)}
            >
              {tr('sendAgain')}
            </Button>
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <Button
          variant="outline"
          className="mt-3 w-full"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? tr('loading') : tr('loadMore')}
        </Button>
      )}
    </>
  );
}
