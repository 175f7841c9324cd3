import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { formatTaka } from '@khelaghor/contract/taka';
import { errorMessage } from '../../../shared/api/client';
import { formatDate } from '../../../shared/lib/format';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { toast } from '../../../shared/ui/sonner';
import { callbacksQuery, refreshCallbacks, resendCallback, type ResellerCallback } from '../api';

const STATUS_BADGE = { delivered: 'secondary', pending: 'outline', failed: 'destructive' } as const;

const attemptText = (a: ResellerCallback['attempts'][number]) =>
  `${formatDate(a.at)} · ${a.status_code !== null ? `HTTP ${a.status_code}` : (a.error ?? 'no answer')} · ${a.duration_ms} ms`;

/** The callbacks sent to the reseller's URL, newest first, each attempt listed, with 'Send again'. */
export function CallbacksLog() {
  const client = useQueryClient();
  const list = useInfiniteQuery(callbacksQuery);
  const resend = useMutation({
    mutationFn: resendCallback,
    onSuccess: (answer) => {
      toast.success('Callback sent again', { description: answer.message });
      void refreshCallbacks(client);
    },
    onError: (error) => toast.error('Error', { description: errorMessage(error) }),
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isPending) return <p className="text-sm text-muted-foreground" role="status">Loading…</p>;
  if (list.error) return <p className="text-sm text-destructive">{errorMessage(list.error)}</p>;
  if (items.length === 0) return <p className="text-sm text-muted-foreground">No callbacks yet. They start with your first API order.</p>;
  return (
    <>
      <ul className="divide-y rounded-md border text-sm">
        {items.map((c) => (
          <li key={c.id} className="space-y-1 p-3" data-testid="callback" data-callback-id={c.id}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-mono text-xs font-semibold">{c.event}</p>
              <Badge variant={STATUS_BADGE[c.status]}>{c.status}</Badge>
            </div>
            <p className="text-xs text-muted-foreground">
              Order <span className="font-mono">{c.order_id}</span> · {c.payload.variant_name} · {formatTaka(c.payload.total_amount)} ·{' '}
              {formatDate(c.created_at)}
            </p>
            {c.waiting_for_url && <p className="text-xs text-amber-700">Waiting for a callback URL</p>}
            <details className="text-xs">
              <summary className="cursor-pointer">
                {c.attempt_count} attempt{c.attempt_count === 1 ? '' : 's'}
                {c.next_attempt_at && ` · next ${formatDate(c.next_attempt_at)}`}
              </summary>
              <ol className="mt-1 list-decimal pl-5">
                {c.attempts.map((a, i) => (
                  <li key={i}>{attemptText(a)}</li>
                ))}
              </ol>
            </details>
            <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate(c.id)}>
              Send again
            </Button>
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <Button variant="outline" className="mt-3 w-full" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </>
  );
}
