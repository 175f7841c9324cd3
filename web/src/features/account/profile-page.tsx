import { useInfiniteQuery } from '@tanstack/react-query';
import { formatTaka } from '@khelaghor/contract/taka';
import { PlusCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { toast } from '../components/ui/sonner';
import { call, errorMessage } from '../lib/api';
import { formatDate } from '../lib/order-status';
import { useSeo } from '../lib/seo';
import { useMe } from '../lib/site';

const REASON_LABELS: Record<string, string> = {
  order: 'Order payment',
  topup: 'Add money',
  manual_topup: 'Add money (TrxID)',
  adjustment: 'Adjustment',
  refund: 'Refund',
  demo_topup: 'Demo top-up',
  late_payment: 'Late payment credit',
};

export default function ProfilePage() {
  useSeo('My Profile');
  const me = useMe();
  const ledger = useInfiniteQuery({
    queryKey: ['ledger'],
    queryFn: ({ pageParam }) => call('walletLedger', { query: { cursor: pageParam, limit: 20 } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
  useEffect(() => {
    const error = me.error ?? ledger.error;
    if (error) toast.error('Error', { description: errorMessage(error) });
  }, [me.error, ledger.error]);
  const entries = ledger.data?.pages.flatMap((p) => p.items) ?? [];
  const balance = ledger.data?.pages[0]?.balance ?? me.data?.balance;

  return (
    <div className="mx-auto max-w-3xl space-y-4 px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="text-xl font-bold">My Profile</h1>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Account</CardTitle>
          </CardHeader>
          <CardContent>
            {me.data ? (
              <dl className="space-y-2 text-sm">
                {[
                  ['Full Name', me.data.full_name || '—'],
                  ['Email', me.data.email],
                  ['Phone', me.data.phone || '—'],
                  ['Member since', formatDate(me.data.created_at)],
                ].map(([term, value]) => (
                  <div key={term} className="flex justify-between gap-3">
                    <dt className="text-muted-foreground">{term}</dt>
                    <dd className="break-all text-right font-medium">{value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <div className="space-y-2">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} className="h-5 w-full" />
                ))}
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Wallet Balance</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="h-9 text-3xl font-bold text-primary" data-testid="profile-balance">
              {balance !== undefined ? formatTaka(balance) : <Skeleton className="h-9 w-32" />}
            </div>
            <Button asChild className="w-full">
              <Link to="/add-money">
                <PlusCircle aria-hidden="true" /> Add Money
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Wallet History</CardTitle>
        </CardHeader>
        <CardContent>
          {ledger.isPending ? (
            <div className="space-y-2">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : entries.length === 0 ? (
            <p className="text-sm text-muted-foreground">No wallet activity yet.</p>
          ) : (
            <ul className="divide-y">
              {entries.map((e) => (
                <li key={e.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium">{REASON_LABELS[e.reason] ?? e.reason}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      {formatDate(e.created_at)}
                      {e.note ? ` · ${e.note}` : ''}
                    </p>
                  </div>
                  <div className="shrink-0 text-right">
                    <p className={e.amount < 0 ? 'font-semibold text-red-700' : 'font-semibold text-green-700'}>
                      {e.amount > 0 ? '+' : ''}
                      {formatTaka(e.amount)}
                    </p>
                    <p className="text-xs text-muted-foreground">Balance {formatTaka(e.balance_after)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {ledger.hasNextPage && (
            <Button variant="outline" className="mt-3 w-full" onClick={() => void ledger.fetchNextPage()} disabled={ledger.isFetchingNextPage}>
              {ledger.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
