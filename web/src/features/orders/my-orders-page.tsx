import { useInfiniteQuery } from '@tanstack/react-query';
import { Package, RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState, ListSkeleton } from '../../shared/components/list-states';
import { UnpaidOrderActions } from './components/unpaid-order-actions';
import { Button } from '../../shared/ui/button';
import { Card, CardContent } from '../../shared/ui/card';
import { toast } from '../../shared/ui/sonner';
import { errorMessage } from '../../shared/api/client';
import { buyAgainPath } from '../../shared/api/saved-players';
import { OrderStatusBadge } from '../../shared/components/order-status-badge';
import { localized } from '../../shared/i18n/content';
import { useFormat } from '../../shared/i18n/format';
import { useMethodLabel } from '../../shared/lib/format';
import { useSeo } from '../../shared/lib/seo';
import { ordersQuery } from './api';
import { t, useT } from './messages';

export default function MyOrdersPage() {
  const tr = useT();
  const { money, date, locale } = useFormat();
  const methodLabel = useMethodLabel();
  useSeo(tr('myOrders'));
  const navigate = useNavigate();
  const orders = useInfiniteQuery(ordersQuery);
  useEffect(() => {
    if (orders.error) toast.error(t('error'), { description: errorMessage(orders.error) });
  }, [orders.error]);
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto max-w-3xl px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="mb-4 text-xl font-bold">{tr('myOrders')}</h1>
      {orders.isPending ? (
        <ListSkeleton />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Package className="h-12 w-12" />}
          text={orders.error ? tr('couldNotLoadOrders') : tr('noOrders')}
          action={<Button onClick={() => navigate('/')}>{tr('startShopping')}</Button>}
        />
      ) : (
        <ul className="space-y-3">
          {items.map((o) => (
            <li key={o.id}>
              <Card>
                <CardContent className="p-4 sm:p-4">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h2 className="font-semibold">
                        {localized(locale, o.product_name, o.product_name_bn)}
                      </h2>
                      <p className="text-sm text-muted-foreground">
                        {localized(locale, o.variant_name, o.variant_name_bn)}
                      </p>
                    </div>
                    <OrderStatusBadge status={o.status} failureReason={o.failure_reason} />
                  </div>
                  <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                    <dt className="text-muted-foreground">{tr('order')}</dt>
                    <dd className="text-right font-mono">{o.id.slice(0, 8)}</dd>
                    {/* A gift card's order has no account to show. */}
                    {o.player_uid && (
                      <>
                        <dt className="text-muted-foreground">{tr('playerUid')}</dt>
                        <dd className="text-right">{o.player_uid}</dd>
                      </>
                    )}
                    {o.fulfilment?.supplier_transaction_id && (
                      <>
                        <dt className="text-muted-foreground">{tr('topupTransactionId')}</dt>
                        <dd className="break-all text-right font-mono">
                          {o.fulfilment.supplier_transaction_id}
                        </dd>
                      </>
                    )}
                    {o.player_name && (
                      <>
                        <dt className="text-muted-foreground">{tr('player')}</dt>
                        <dd className="text-right">{o.player_name}</dd>
                      </>
                    )}
                    <dt className="text-muted-foreground">{tr('payment')}</dt>
                    <dd className="text-right">{methodLabel(o.payment_method)}</dd>
                    <dt className="text-muted-foreground">{tr('date')}</dt>
                    <dd className="text-right">{date(o.created_at)}</dd>
                    {o.discount_amount ? (
                      <>
                        <dt className="text-muted-foreground">
                          {o.promo_code ? tr('discountCode', { code: o.promo_code }) : tr('discount')}
                        </dt>
                        <dd className="text-right text-green-700">
                          −{money(o.discount_amount)}
                          {o.list_amount != null && (
                            <span className="ml-1 text-muted-foreground line-through">
                              {money(o.list_amount)}
                            </span>
                          )}
                        </dd>
                      </>
                    ) : null}
                    <dt className="font-semibold">{tr('total')}</dt>
                    <dd className="text-right font-bold text-primary">{money(o.total_amount)}</dd>
                  </dl>
                  {o.status === 'completed' && (
                    <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                      <Link
                        to={`/payment-success?order_id=${o.id}`}
                        className="inline-block text-sm text-primary underline"
                      >
                        {tr('viewReceipt')}
                      </Link>
                      {/* One tap: the product page with this package and player filled in. */}
                      <Button size="sm" onClick={() => navigate(buyAgainPath(o))}>
                        <RotateCcw aria-hidden="true" />
                        {tr('buyAgain')}
                      </Button>
                    </div>
                  )}
                  {o.status === 'pending' && o.payment_method !== 'wallet' && (
                    <UnpaidOrderActions orderId={o.id} />
                  )}
                  {o.status === 'pending' && (
                    <Link
                      to={`/payment-success?order_id=${o.id}`}
                      className="mt-3 inline-block text-sm text-primary underline"
                    >
                      {tr('checkPaymentStatus')}
                    </Link>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {orders.hasNextPage && (
        <Button
          variant="outline"
          className="mt-4 w-full"
          onClick={() => void orders.fetchNextPage()}
          disabled={orders.isFetchingNextPage}
        >
          {orders.isFetchingNextPage ? tr('loading') : tr('loadMore')}
        </Button>
      )}
    </div>
  );
}
