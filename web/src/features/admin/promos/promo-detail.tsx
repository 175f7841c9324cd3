import { useInfiniteQuery } from '@tanstack/react-query';
import { OrderStatusBadge } from '../../../shared/components/order-status-badge';
import { call } from '../../../shared/api/client';
import { queryKey } from '../../../shared/api/query-keys';
import { useErrorToast } from '../hooks/use-admin-queries';
import { useFormat } from '../../../shared/i18n/format';
import { ORDER_STATUS_TEXT } from '../lib/labels';
import { useT as useAdminT } from '../messages';
import { useT } from '../settings/messages';
import { FormDialog, ListTable, Stat } from '../components/kit';

/** One promo code's uses, discount given and the orders that used it (cursor pages of the detail route). */
export function PromoDetailDialog({ code, onClose }: { code: string | null; onClose: () => void }) {
  const t = useT();
  return (
    <FormDialog
      open={code !== null}
      onOpenChange={(o) => !o && onClose()}
      title={t('promoDetailTitle', { code: code ?? '' })}
    >
      {code && <PromoDetail code={code} />}
    </FormDialog>
  );
}

function PromoDetail({ code }: { code: string }) {
  const t = useT();
  const label = useAdminT();
  const { money, date, number } = useFormat();
  const detail = useInfiniteQuery({
    queryKey: queryKey('adminGetPromo', code),
    queryFn: ({ pageParam, signal }) =>
      call('adminGetPromo', { params: { code }, query: { cursor: pageParam, limit: 50 }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.orders.cursor ?? undefined,
  });
  useErrorToast(detail.error, t('failedLoadPromo'));
  const promo = detail.data?.pages[0]?.promo;
  const orders = (detail.data?.pages ?? []).flatMap((p) => p.orders.items);
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3">
        <Stat
          label={t('uses')}
          value={
            promo
              ? `${number(promo.uses)}${promo.max_uses === null ? '' : ` / ${number(promo.max_uses)}`}`
              : '…'
          }
        />
        <Stat label={t('colDiscountGiven')} value={promo ? money(promo.discount_given) : '…'} />
      </div>
      <h3 className="font-semibold">{t('ordersWithCode')}</h3>
      <ListTable
        t={t}
        columns={['order', 'user', 'colPackage', 'colList', 'discount', 'colPaid', 'status', 'colDate']}
        list={detail}
        items={orders}
        empty={t('noPromoOrders')}
        row={(o) => (
          <tr key={o.id} className="border-t" data-testid="promo-order-row">
            <td className="font-mono">{o.id.slice(0, 8)}</td>
            <td className="max-w-40 break-all">{o.user_email ?? o.user_id}</td>
            <td>
              <div>{o.variant_name}</div>
              <div className="text-xs text-muted-foreground">{o.product_name}</div>
            </td>
            <td>{money(o.list_amount)}</td>
            <td className="text-green-700">−{money(o.discount_amount)}</td>
            <td className="font-medium">{money(o.total_amount)}</td>
            <td>
              <OrderStatusBadge status={o.status}>{label(ORDER_STATUS_TEXT[o.status])}</OrderStatusBadge>
            </td>
            <td className="whitespace-nowrap">{date(o.created_at)}</td>
          </tr>
        )}
      />
    </div>
  );
}
