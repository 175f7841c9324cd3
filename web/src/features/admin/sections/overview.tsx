import { ORDER_STATUSES } from '@khelaghor/contract/facts';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { ListTable, SectionCard, Stat } from '../components/kit';
import { SalesChart } from '../components/sales-chart';
import { formatTaka } from '../lib/format';
import { useAdminGet } from '../hooks/use-admin-queries';

import { OrderStatusBadge } from '../../../shared/components/order-status-badge';

export default function OverviewSection() {
  const stats = useAdminGet('adminStats', { errorPrefix: 'Failed to load dashboard data' });
  const data = stats.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-2xl font-bold">Overview</h2>
        <Button variant="outline" size="sm" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
          {stats.isFetching ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Revenue" value={data ? formatTaka(data.revenue) : '…'} hint="Completed orders, all time" />
        <Stat label="Last 14 days" value={data ? formatTaka(data.revenue_14d) : '…'} />
        <Stat label="Completed orders" value={data ? data.orders_by_status.completed ?? 0 : '…'} />
        <Stat label="Low-stock variants" value={data ? data.low_stock.length : '…'} hint="Fewer than 10 codes" />
      </div>
      <SectionCard title="Sales per day" description="Last 14 days">
        {data ? <SalesChart days={data.sales_per_day} /> : <p role="status">Loading…</p>}
      </SectionCard>
      {/* grid-cols-1 (minmax(0, 1fr)): the low-stock table scrolls inside its card instead of widening the page on a phone. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <SectionCard title="Orders by status">
          <ul className="flex flex-col gap-2">
            {ORDER_STATUSES.map((s) => (
              <li key={s} className="flex items-center justify-between">
                <OrderStatusBadge status={s}>{s}</OrderStatusBadge>
                <span className="font-semibold" data-testid={`status-count-${s}`}>
                  {data ? (data.orders_by_status[s] ?? 0) : '…'}
                </span>
              </li>
            ))}
          </ul>
        </SectionCard>
        <SectionCard title="Low-stock variants">
          <ListTable
            columns={['Product', 'Variant', 'Stock']}
            loading={!data}
            items={data?.low_stock ?? []}
            empty="Every variant has 10 or more codes"
            row={(v) => (
              <tr key={v.variant_id} className="border-t">
                <td>{v.product_name}</td>
                <td>
                  {v.variant_name}
                  {!v.is_active && <span className="ml-2 text-xs text-muted-foreground">(inactive)</span>}
                </td>
                <td>
                  <Badge variant={v.stock === 0 ? 'destructive' : 'secondary'}>{v.stock}</Badge>
                </td>
              </tr>
            )}
          />
        </SectionCard>
      </div>
    </div>
  );
}
