import { useQuery } from '@tanstack/react-query';
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

/** The buyer's TrxID requests and where each stands. */
export function TopupRequests() {
  const tr = useT();
  const { money, date } = useFormat();
  const methodLabel = useMethodLabel();
  const statusLabel = useStatusLabel();
  const requests = useQuery(manualTopupsQuery);
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
