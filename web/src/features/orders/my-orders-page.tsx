import { useInfiniteQuery } from '@tanstack/react-query';
import { formatTaka } from '@khelaghor/contract/taka';
import { Package } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState, ListSkeleton } from '../../shared/components/list-states';
import { UnpaidOrderActions } from './components/unpaid-order-actions';
import { Button } from '../../shared/ui/button';
import { Card, CardContent } from '../../shared/ui/card';
import { toast } from '../../shared/ui/sonner';
import { errorMessage } from '../../shared/api/client';
import { OrderStatusBadge } from '../../shared/components/order-status-badge';
import { formatDate, methodLabel } from '../../shared/lib/format';
import { useSeo } from '../../shared/lib/seo';
import { ordersQuery } from './api';

export default function MyOrdersPage() {
  useSeo('My Orders');
  const navigate = useNavigate();
  const orders = useInfiniteQuery(ordersQuery);
  useEffect(() => {
    if (orders.error) toast.error('Error', { description: errorMessage(orders.error) });
  }, [orders.error]);
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto max-w-3xl px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="mb-4 text-xl font-bold">My Orders</h1>
      {orders.isPending ? (
        <ListSkeleton />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Package className="h-12 w-12" />}
          text={orders.error ? 'Could not load your orders' : 'No orders found'}
          action={<Button onClick={() => navigate('/')}>Start Shopping</Button>}
        />
      ) : (
        <ul className="space-y-3">
          {items.map((o) => (
            <li key={o.id}>
              <Card>
                <CardContent className="p-4 sm:p-4">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h2 className="font-semibold">{o.product_name}</h2>
                      <p className="text-sm text-muted-foreground">{o.variant_name}</p>
                    </div>
                    <OrderStatusBadge status={o.status} />
                  </div>
                  <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                    <dt className="text-muted-foreground">Order</dt>
                    <dd className="text-right font-mono">{o.id.slice(0, 8)}</dd>
                    <dt className="text-muted-foreground">Player UID</dt>
                    <dd className="text-right">{o.player_uid}</dd>
                    {o.player_name && (
                      <>
                        <dt className="text-muted-foreground">Player</dt>
                        <dd className="text-right">{o.player_name}</dd>
                      </>
                    )}
                    <dt className="text-muted-foreground">Payment</dt>
                    <dd className="text-right">{methodLabel(o.payment_method)}</dd>
                    <dt className="text-muted-foreground">Date</dt>
                    <dd className="text-right">{formatDate(o.created_at)}</dd>
                    {o.discount_amount ? (
                      <>
                        <dt className="text-muted-foreground">Discount{o.promo_code ? ` (${o.promo_code})` : ''}</dt>
                        <dd className="text-right text-green-700">
                          −{formatTaka(o.discount_amount)}
                          {o.list_amount != null && (
                            <span className="ml-1 text-muted-foreground line-through">{formatTaka(o.list_amount)}</span>
                          )}
                        </dd>
                      </>
                    ) : null}
                    <dt className="font-semibold">Total</dt>
                    <dd className="text-right font-bold text-primary">{formatTaka(o.total_amount)}</dd>
                  </dl>
                  {o.status === 'completed' && (
                    <Link to={`/payment-success?order_id=${o.id}`} className="mt-3 inline-block text-sm text-primary underline">
                      View receipt and code
                    </Link>
                  )}
                  {o.status === 'pending' && o.payment_method !== 'wallet' && <UnpaidOrderActions orderId={o.id} />}
                  {o.status === 'pending' && (
                    <Link to={`/payment-success?order_id=${o.id}`} className="mt-3 inline-block text-sm text-primary underline">
                      Check payment status
                    </Link>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {orders.hasNextPage && (
        <Button variant="outline" className="mt-4 w-full" onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage}>
          {orders.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
