import { ORDER_STATUSES, type OrderStatus } from '@khelaghor/contract/facts';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { OrderStatusBadge } from '../../../shared/components/order-status-badge';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { call } from '../../../shared/api/client';
import { useAdminMutation } from '../components/crud';
import { useConfirm, type ConfirmRequest } from '../components/confirm-dialog';
import { ListTable, NativeSelect, Options, SectionCard } from '../components/kit';
import { toCsv, downloadText } from '../lib/csv';
import { formatDateTime, formatTaka } from '../lib/format';
import { ORDER_STATUS_TEXT } from '../lib/labels';
import { t, useT } from '../messages';
import type { ItemOf } from '../api';
import { usePagedList } from '../hooks/use-admin-queries';
import { RefundDialog } from './refund-dialog';

/** An order as GET /api/admin/orders lists it. */
type OrderRow = ItemOf<'adminListOrders'>;

/** Order id prefix, email or player UID (client-side over the loaded pages). */
export function matchesOrderSearch(
  order: Pick<OrderRow, 'id' | 'user_email' | 'player_uid'>,
  search: string,
): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return (
    order.id.toLowerCase().startsWith(q) ||
    (order.user_email ?? '').toLowerCase().includes(q) ||
    order.player_uid.includes(q)
  );
}

/**
 * What the confirm dialog says before a status change: a refund names the money and the wallet it
 * goes to (it credits at once), any other change names the order and both statuses.
 */
export function statusChangeQuestion(
  order: Pick<OrderRow, 'id' | 'status' | 'total_amount' | 'user_email'>,
  to: OrderStatus,
): Omit<ConfirmRequest, 'onConfirm'> {
  if (to === 'refunded') {
    const amount = formatTaka(order.total_amount);
    return {
      title: t('refundTitle'),
      description: order.user_email
        ? t('refundQuestion', { amount, email: order.user_email })
        : t('refundBuyerQuestion', { amount }),
      confirmText: t('refund'),
      destructive: true,
    };
  }
  return {
    title: t('changeStatusTitle'),
    description: t('changeStatusQuestion', {
      order: order.id.slice(0, 8),
      from: t(ORDER_STATUS_TEXT[order.status]),
      to: t(ORDER_STATUS_TEXT[to]),
    }),
    confirmText: t('changeStatus'),
    destructive: false,
  };
}

export default function OrdersSection() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [search, setSearch] = useState('');
  const tr = useT();
  const list = usePagedList('adminListOrders', status ? { status } : {}, { errorPrefix: undefined });

  const setOrderStatus = useAdminMutation(
    (input: { id: string; status: OrderStatus }) =>
      call('adminSetOrderStatus', { params: { id: input.id }, body: { status: input.status } }),
    { success: () => t('orderStatusUpdated') },
  );
  const confirm = useConfirm();
  // The order whose Refunds dialog is open (issue 34: partial, original-method, Send Money).
  const [refunding, setRefunding] = useState<string | null>(null);

  const rows = useMemo(() => list.items.filter((o) => matchesOrderSearch(o, search)), [list.items, search]);

  const exportCsv = () => {
    const header = [
      'order_id',
      'user_email',
      'user_name',
      'product',
      'variant',
      'player_uid',
      'player_name',
      'whatsapp_number',
      'total_amount_taka',
      'status',
      'created_at',
    ];
    const csv = toCsv(
      header,
      rows.map((o) => [
        o.id,
        o.user_email,
        o.user_name,
        o.product_name,
        o.variant_name,
        o.player_uid,
        o.player_name,
        o.whatsapp_number,
        (o.total_amount / 100).toFixed(2),
        o.status,
        o.created_at,
      ]),
    );
    downloadText(`orders-${new Date().toISOString().slice(0, 10)}.csv`, csv);
  };

  return (
    <SectionCard
      title={tr('navOrders')}
      description={tr('ordersDescription')}
      actions={
        <Button variant="outline" onClick={exportCsv} disabled={rows.length === 0}>
          <Download aria-hidden="true" /> {tr('exportCsv')}
        </Button>
      }
    >
      <div className="mb-3 grid gap-2 sm:grid-cols-[200px_1fr]">
        <NativeSelect
          aria-label={tr('filterByStatus')}
          value={status}
          onChange={(e) => setStatus(e.target.value as OrderStatus | '')}
        >
          <option value="">{tr('allStatuses')}</option>
          <Options values={ORDER_STATUSES} label={(s) => tr(ORDER_STATUS_TEXT[s])} />
        </NativeSelect>
        <Input
          type="search"
          aria-label={tr('searchOrders')}
          placeholder={tr('searchOrdersPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <ListTable
        t={tr}
        // Key columns first: on a phone the order, its status (and its change) and the total show
        // before the table scrolls.
        columns={['colOrder', 'colStatus', 'colTotal', 'colUser', 'colProduct', 'colPlayer', 'colCreated']}
        list={list}
        items={rows}
        empty={tr('noOrdersFound')}
        row={(o) => (
          <tr key={o.id} className="border-t align-top" data-testid="order-row" data-order-id={o.id}>
            <td className="font-mono">{o.id.slice(0, 8)}</td>
            <td>
              <div className="flex w-28 flex-col items-start gap-1">
                <OrderStatusBadge status={o.status}>{tr(ORDER_STATUS_TEXT[o.status])}</OrderStatusBadge>
                <NativeSelect
                  aria-label={tr('statusOfOrder', { order: o.id.slice(0, 8) })}
                  value={o.status}
                  disabled={setOrderStatus.isPending}
                  onChange={(e) => {
                    // The select stays on the order's status (controlled) until the change is confirmed and saved.
                    const to = e.target.value as OrderStatus;
                    confirm.ask({
                      ...statusChangeQuestion(o, to),
                      onConfirm: () => setOrderStatus.mutate({ id: o.id, status: to }),
                    });
                  }}
                >
                  <Options values={ORDER_STATUSES} label={(s) => tr(ORDER_STATUS_TEXT[s])} />
                </NativeSelect>
                {o.status !== 'pending' && o.status !== 'failed' && (
                  <Button size="sm" variant="outline" onClick={() => setRefunding(o.id)}>
                    {tr('refundsButton')}
                  </Button>
                )}
              </div>
            </td>
            <td className="whitespace-nowrap">{formatTaka(o.total_amount)}</td>
            <td>
              {/* Emails truncate (whole on hover) instead of breaking letter by letter. */}
              <div className="max-w-48 truncate" title={o.user_email ?? undefined}>
                {o.user_email}
              </div>
              <div className="max-w-48 truncate text-xs text-muted-foreground">{o.user_name}</div>
              {o.whatsapp_number && <div className="text-xs text-muted-foreground">{o.whatsapp_number}</div>}
            </td>
            <td>
              <div className="max-w-40 break-words">{o.variant_name}</div>
              <div className="max-w-40 break-words text-xs text-muted-foreground">{o.product_name}</div>
            </td>
            <td>
              <div className="font-mono">{o.player_uid}</div>
              {o.player_name && (
                <div className="max-w-32 truncate text-xs text-muted-foreground">{o.player_name}</div>
              )}
            </td>
            <td className="min-w-24">{formatDateTime(o.created_at)}</td>
          </tr>
        )}
      />
      {confirm.dialog}
      {refunding && <RefundDialog orderId={refunding} onClose={() => setRefunding(null)} />}
    </SectionCard>
  );
}
