import { ORDER_STATUSES, type OrderStatus } from '@khelaghor/contract/facts';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { OrderStatusBadge } from '../../../shared/components/order-status-badge';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { call } from '../../../shared/api/client';
import { useAdminMutation } from '../components/crud';
import { ListTable, LoadMore, NativeSelect, SectionCard } from '../components/kit';
import { toCsv, downloadText } from '../lib/csv';
import { formatDateTime, formatTaka } from '../lib/format';
import type { ItemOf } from '../api';
import { usePagedList } from '../hooks/use-admin-queries';

/** An order as GET /api/admin/orders lists it. */
type OrderRow = ItemOf<'adminListOrders'>;

/** Order id prefix, email or player UID (client-side over the loaded pages). */
export function matchesOrderSearch(order: Pick<OrderRow, 'id' | 'user_email' | 'player_uid'>, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return (
    order.id.toLowerCase().startsWith(q) ||
    (order.user_email ?? '').toLowerCase().includes(q) ||
    order.player_uid.includes(q)
  );
}

export default function OrdersSection() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [search, setSearch] = useState('');
  const list = usePagedList('adminListOrders', status ? { status } : {}, { errorPrefix: undefined });

  const setOrderStatus = useAdminMutation(
    (input: { id: string; status: OrderStatus }) => call('adminSetOrderStatus', { params: { id: input.id }, body: { status: input.status } }),
    { success: 'Order status updated' },
  );

  const rows = useMemo(
    () => list.items.filter((o) => matchesOrderSearch(o, search)),
    [list.items, search],
  );

  const exportCsv = () => {
    const header = ['order_id', 'user_email', 'user_name', 'product', 'variant', 'player_uid', 'player_name',
      'whatsapp_number', 'total_amount_taka', 'status', 'created_at'];
    const csv = toCsv(
      header,
      rows.map((o) => [o.id, o.user_email, o.user_name, o.product_name, o.variant_name, o.player_uid, o.player_name,
        o.whatsapp_number, (o.total_amount / 100).toFixed(2), o.status, o.created_at]),
    );
    downloadText(`orders-${new Date().toISOString().slice(0, 10)}.csv`, csv);
  };

  return (
    <SectionCard
      title="Orders"
      description="All orders, newest first. Setting an order to refunded credits its total to the buyer's wallet once."
      actions={
        <Button variant="outline" onClick={exportCsv} disabled={rows.length === 0}>
          <Download aria-hidden="true" /> Export CSV
        </Button>
      }
    >
      <div className="mb-3 grid gap-2 sm:grid-cols-[200px_1fr]">
        <NativeSelect aria-label="Filter by status" value={status} onChange={(e) => setStatus(e.target.value as OrderStatus | '')}>
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect>
        <Input
          type="search"
          aria-label="Search orders"
          placeholder="Search by order id, email or player UID"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <ListTable
        columns={['Order', 'User', 'Product', 'Player UID', 'Player name', 'WhatsApp', 'Total', 'Status', 'Created']}
        loading={list.isLoading}
        items={rows}
        empty="No orders found"
        row={(o) => (
          <tr key={o.id} className="border-t align-top" data-testid="order-row" data-order-id={o.id}>
            <td className="font-mono">{o.id.slice(0, 8)}</td>
            <td className="max-w-52">
              <div className="break-all">{o.user_email}</div>
              <div className="text-xs text-muted-foreground">{o.user_name}</div>
            </td>
            <td className="min-w-36">
              <div>{o.variant_name}</div>
              <div className="text-xs text-muted-foreground">{o.product_name}</div>
            </td>
            <td className="font-mono">{o.player_uid}</td>
            <td>{o.player_name}</td>
            <td>{o.whatsapp_number}</td>
            <td>{formatTaka(o.total_amount)}</td>
            <td>
              <div className="flex w-32 flex-col items-start gap-1">
                <OrderStatusBadge status={o.status}>{o.status}</OrderStatusBadge>
                <NativeSelect
                  aria-label={`Status of order ${o.id.slice(0, 8)}`}
                  value={o.status}
                  disabled={setOrderStatus.isPending}
                  onChange={(e) => setOrderStatus.mutate({ id: o.id, status: e.target.value as OrderStatus })}
                >
                  {ORDER_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </td>
            <td className="whitespace-nowrap">{formatDateTime(o.created_at)}</td>
          </tr>
        )}
      />
      <LoadMore hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
    </SectionCard>
  );
}
