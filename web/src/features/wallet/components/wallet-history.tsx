import type { LedgerReason } from '@khelaghor/contract/facts';
import { formatTaka } from '@khelaghor/contract/taka';
import { useEffect } from 'react';
import { errorMessage } from '../../../shared/api/client';
import { formatDate } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../shared/ui/card';
import { Skeleton } from '../../../shared/ui/skeleton';
import { toast } from '../../../shared/ui/sonner';
import { useLedger } from '../hooks/use-ledger';

/** What the history calls each ledger reason; one without a label shows as it is. */
const REASON_LABELS: Partial<Record<LedgerReason, string>> = {
  order: 'Order payment',
  topup: 'Add money',
  manual_topup: 'Add money (TrxID)',
  adjustment: 'Adjustment',
  refund: 'Refund',
  demo_topup: 'Demo top-up',
  late_payment: 'Late payment credit',
};

/** Every balance change, newest first, with "Load more". */
export function WalletHistory() {
  const { me, ledger, entries } = useLedger();
  useEffect(() => {
    const error = me.error ?? ledger.error;
    if (error) toast.error('Error', { description: errorMessage(error) });
  }, [me.error, ledger.error]);
  return (
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
          <Button
            variant="outline"
            className="mt-3 w-full"
            onClick={() => void ledger.fetchNextPage()}
            disabled={ledger.isFetchingNextPage}
          >
            {ledger.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
