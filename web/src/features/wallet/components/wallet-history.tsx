import type { LedgerReason } from '@khelaghor/contract/facts';
import { useEffect } from 'react';
import { errorMessage } from '../../../shared/api/client';
import { useFormat } from '../../../shared/i18n/format';
import { Button } from '../../../shared/ui/button';
import { TitledCard } from '../../../shared/ui/card';
import { Skeleton } from '../../../shared/ui/skeleton';
import { toast } from '../../../shared/ui/sonner';
import { useLedger } from '../hooks/use-ledger';
import { t, useT } from '../messages';

/** What the history calls each ledger reason; one without a label shows as it is. */
const REASON_LABELS: Partial<Record<LedgerReason, Parameters<typeof t>[0]>> = {
  order: 'reasonOrder',
  topup: 'reasonTopup',
  manual_topup: 'reasonManualTopup',
  adjustment: 'reasonAdjustment',
  refund: 'reasonRefund',
  demo_topup: 'reasonDemoTopup',
  late_payment: 'reasonLatePayment',
};

/** Notes the server writes itself (functions/src/handlers/admin-commerce/demo-topup.ts); an admin's own note shows as written. */
const SERVER_NOTES: Record<string, Parameters<typeof t>[0]> = { 'Demo gateway top-up': 'noteDemoTopup' };

/** Every balance change, newest first, with "Load more". */
export function WalletHistory() {
  const tr = useT();
  const { money, date } = useFormat();
  const { me, ledger, entries } = useLedger();
  const reasonLabel = (reason: LedgerReason) => {
    const key = REASON_LABELS[reason];
    return key ? tr(key) : reason;
  };
  const noteText = (note: string) => {
    const key = Object.prototype.hasOwnProperty.call(SERVER_NOTES, note) ? SERVER_NOTES[note] : undefined;
    return key ? tr(key) : note;
  };
  useEffect(() => {
    const error = me.error ?? ledger.error;
    if (error) toast.error(t('error'), { description: errorMessage(error) });
  }, [me.error, ledger.error]);
  return (
    <TitledCard title={tr('walletHistory')}>
      {ledger.isPending ? (
        <div className="space-y-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{tr('noActivity')}</p>
      ) : (
        <ul className="divide-y">
          {entries.map((e) => (
            <li key={e.id} className="flex items-center justify-between gap-2 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium">{reasonLabel(e.reason)}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {date(e.created_at)}
                  {e.note ? ` · ${noteText(e.note)}` : ''}
                </p>
              </div>
              <div className="shrink-0 text-right">
                <p className={e.amount < 0 ? 'font-semibold text-red-700' : 'font-semibold text-green-700'}>
                  {e.amount > 0 ? '+' : ''}
                  {money(e.amount)}
                </p>
                <p className="text-xs text-muted-foreground">
                  {tr('balanceAfter', { amount: money(e.balance_after) })}
                </p>
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
          {ledger.isFetchingNextPage ? tr('loading') : tr('loadMore')}
        </Button>
      )}
    </TitledCard>
  );
}
