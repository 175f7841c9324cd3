import { Badge } from '../../../shared/ui/badge';
import { ListTable, LoadMore, SectionCard } from '../components/kit';
import { formatDateTime, formatTaka } from '../lib/format';
import { usePagedList } from '../hooks/use-admin-queries';

/** Spec: completed and pending are shown normally, other statuses destructive. */
export function paymentBadge(status: string): 'default' | 'secondary' | 'destructive' {
  if (status === 'completed') return 'default';
  if (status === 'pending') return 'secondary';
  return 'destructive';
}

export default function PaymentsSection() {
  const list = usePagedList('adminListPayments', {}, { errorPrefix: 'Failed to load payment data' });
  return (
    <SectionCard title="Payment Management" description="Every payment record, newest first.">
      <ListTable
        columns={['Payment', 'Kind', 'User', 'Order', 'Amount', 'Method', 'Provider', 'Transaction', 'Status', 'Created']}
        loading={list.isLoading}
        items={list.items}
        empty="No payments found"
        row={(p) => (
          <tr key={p.id} className="border-t">
            <td className="font-mono">{p.id.slice(0, 8)}</td>
            <td>
              {p.kind === 'unexpected' ? (
                // Money the shop did not ask for, already credited to the payer's wallet: the
                // operator refunds it at the gateway or leaves it there (docs/payments.md).
                <span title={p.note ?? undefined}>
                  <Badge variant="destructive">unexpected</Badge>
                  <span className="block max-w-56 text-xs text-muted-foreground">{p.note}</span>
                </span>
              ) : (
                p.kind
              )}
            </td>
            <td>{p.user_email ?? p.user_id}</td>
            <td className="font-mono">{p.order_id?.slice(0, 8)}</td>
            <td className={p.amount < 0 ? 'text-destructive' : undefined}>{formatTaka(p.amount)}</td>
            <td>{p.payment_method}</td>
            <td>{p.payment_provider}</td>
            <td className="font-mono">{p.transaction_id ?? p.invoice_id}</td>
            <td>
              <Badge variant={paymentBadge(p.status)}>{p.status}</Badge>
            </td>
            <td className="whitespace-nowrap">{formatDateTime(p.created_at)}</td>
          </tr>
        )}
      />
      <LoadMore hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
    </SectionCard>
  );
}
