import { ORDER_STATUSES } from '@khelaghor/contract/facts';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { ListTable, SectionCard, Stat } from '../components/kit';
import { SalesChart } from './sales-chart';
import { useAdminGet } from '../hooks/use-admin-queries';
import { OrderStatusBadge } from '../../../shared/components/order-status-badge';
import { useFormat } from '../../../shared/i18n/format';
import { useT } from '../messages';
import { ORDER_STATUS_TEXT } from '../lib/labels';

export default function OverviewSection() {
  const tr = useT();
  const { money, number } = useFormat();
  const stats = useAdminGet('adminStats', { errorPrefix: tr('failedLoadDashboard') });
  const data = stats.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-2xl font-bold">{tr('navOverview')}</h2>
        <Button variant="outline" size="sm" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
          {stats.isFetching ? tr('refreshing') : tr('refresh')}
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label={tr('revenue')} value={data ? money(data.revenue) : '…'} hint={tr('revenueHint')} />
        <Stat label={tr('last14Days')} value={data ? money(data.revenue_14d) : '…'} />
        <Stat
          label={tr('completedOrders')}
          value={data ? number(data.orders_by_status.completed ?? 0) : '…'}
        />
        <Stat
          label={tr('lowStockVariants')}
          value={data ? number(data.low_stock.length) : '…'}
          hint={data ? tr('lowStockHint', { level: number(data.low_stock_level) }) : undefined}
        />
      </div>
      <SectionCard title={tr('salesPerDay')} description={tr('last14Days')}>
        {data ? <SalesChart days={data.sales_per_day} /> : <p role="status">{tr('loading')}</p>}
      </SectionCard>
      {/* grid-cols-1 (minmax(0, 1fr)): the low-stock table scrolls inside its card instead of widening the page on a phone. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <SectionCard title={tr('ordersByStatus')}>
          <ul className="flex flex-col gap-2">
            {ORDER_STATUSES.map((s) => (
              <li key={s} className="flex items-center justify-between">
                <OrderStatusBadge status={s}>{tr(ORDER_STATUS_TEXT[s])}</OrderStatusBadge>
                <span className="font-semibold" data-testid={`status-count-${s}`}>
                  {data ? number(data.orders_by_status[s] ?? 0) : '…'}
                </span>
              </li>
            ))}
          </ul>
        </SectionCard>
        <SectionCard
          title={tr('lowStockVariants')}
          description={data ? tr('lowStockLevelIs', { level: number(data.low_stock_level) }) : undefined}
        >
          <ListTable
            columns={[tr('colProduct'), tr('colVariant'), tr('colStock')]}
            loading={!data}
            items={data?.low_stock ?? []}
            empty={tr('lowStockEmpty', { level: number(data?.low_stock_level ?? 0) })}
            row={(v) => (
              <tr key={v.variant_id} className="border-t">
                <td>{v.product_name}</td>
                <td>
                  {v.variant_name}
                  {!v.is_active && (
                    <span className="ml-2 text-xs text-muted-foreground">({tr('inactiveLower')})</span>
                  )}
                </td>
                <td>
                  <Badge variant={v.stock === 0 ? 'destructive' : 'secondary'}>{number(v.stock)}</Badge>
                </td>
              </tr>
            )}
          />
        </SectionCard>
      </div>
    </div>
  );
}
