import { useInfiniteQuery } from '@tanstack/react-query';
import type { ResellerCallback } from '@khelaghor/contract/schemas/reseller-callbacks';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { call } from '../../../shared/api/client';
import { queryKey } from '../../../shared/api/query-keys';
import { useErrorToast } from '../hooks/use-admin-queries';
import { formatDateTime, formatTaka } from '../lib/format';
import { useAdminMutation } from './crud';
import { ListTable, LoadMore } from './kit';

const STATUS_BADGE = { delivered: 'secondary', pending: 'outline', failed: 'destructive' } as const;

/** One attempt as a line: when, what the reseller's server answered (or why nothing), how long it took. */
export function attemptText(a: ResellerCallback['attempts'][number]): string {
  const answer = a.status_code !== null ? `HTTP ${a.status_code}` : (a.error ?? 'no answer');
  return `${formatDateTime(a.at)} · ${answer} · ${a.duration_ms} ms`;
}

/** A reseller's order callbacks with every attempt, and 'Send again'. */
export function ResellerCallbacksTable({ userId }: { userId: string }) {
  const list = useInfiniteQuery({
    queryKey: queryKey('adminListResellerCallbacks', userId),
    queryFn: ({ pageParam, signal }) =>
      call('adminListResellerCallbacks', { params: { userId }, query: { cursor: pageParam, limit: 50 }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
  useErrorToast(list.error, 'Failed to load callbacks');
  const items = (list.data?.pages ?? []).flatMap((p) => p.items);
  const resend = useAdminMutation((id: string) => call('adminResendResellerCallback', { params: { id } }), {
    success: 'Callback sent again',
    refresh: ['adminListResellerCallbacks'],
  });
  return (
    <>
      <ListTable
        columns={['Event', 'Order', 'Amount', 'Status', 'Attempts', 'Created', 'Actions']}
        loading={list.isLoading}
        items={items}
        empty="No callbacks yet"
        row={(c) => (
          <tr key={c.id} className="border-t align-top" data-testid="callback-row" data-reseller={userId}>
            <td className="font-mono text-xs">{c.event}</td>
            <td className="font-mono">{c.order_id.slice(0, 8)}</td>
            <td>{formatTaka(c.payload.total_amount)}</td>
            <td>
              <Badge variant={STATUS_BADGE[c.status]}>{c.status}</Badge>
              {c.waiting_for_url && <div className="text-xs text-muted-foreground">Waiting for a callback URL</div>}
              {c.next_attempt_at && <div className="text-xs text-muted-foreground">Next: {formatDateTime(c.next_attempt_at)}</div>}
            </td>
            <td className="text-xs">
              <details>
                <summary className="cursor-pointer">{c.attempt_count} attempt{c.attempt_count === 1 ? '' : 's'}</summary>
                <ol className="mt-1 list-decimal pl-4">
                  {c.attempts.map((a, i) => (
                    <li key={i}>{attemptText(a)}</li>
                  ))}
                </ol>
              </details>
            </td>
            <td className="whitespace-nowrap">{formatDateTime(c.created_at)}</td>
            <td>
              <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate(c.id)}>
                Send again
              </Button>
            </td>
          </tr>
        )}
      />
      <LoadMore hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
    </>
  );
}
