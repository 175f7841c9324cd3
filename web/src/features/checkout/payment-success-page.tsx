import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@khelaghor/contract/facts';
import { formatTaka } from '@khelaghor/contract/taka';
import { CheckCircle2, Clock, Printer, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { CodeDisplay } from '../../shared/components/code-display';
import { Button } from '../../shared/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../shared/ui/card';
import { Skeleton } from '../../shared/ui/skeleton';
import { toast } from '../../shared/ui/sonner';
import { errorMessage } from '../../shared/api/client';
import { invalidateRoutes } from '../../shared/api/query-keys';
import { OrderStatusBadge } from '../../shared/components/order-status-badge';
import { formatDate, methodLabel, statusLabel } from '../../shared/lib/format';
import { useSeo } from '../../shared/lib/seo';
import { confirmPayment, orderQuery, refreshAfterPayment } from './api';
import { ReceiptRows } from './components/receipt-rows';
import { ShareButton } from './components/share-button';
import { TopupResult } from './components/topup-result';

/** The statuses an order does not leave by itself: the page stops polling. */
const SETTLED: ReadonlySet<string> = new Set<OrderStatus>(['completed', 'failed', 'refunded']);

export default function PaymentSuccessPage() {
  useSeo('Payment Success');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invoiceId = params.get('invoice_id') ?? undefined;
  const orderParam = params.get('order_id') ?? undefined;

  // The gateway sends the browser back here: confirm the invoice (verified server-side, settles once).
  const confirm = useMutation({
    mutationFn: confirmPayment,
    onSuccess: () => void refreshAfterPayment(queryClient),
    onError: (error) => toast.error('Error', { description: errorMessage(error) }),
  });
  const confirmedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (invoiceId && confirmedFor.current !== invoiceId) {
      confirmedFor.current = invoiceId;
      confirm.mutate(invoiceId);
    }
  }, [invoiceId, confirm]);

  const payment = confirm.data?.payment;
  const orderId = orderParam ?? confirm.data?.order?.id ?? payment?.order_id ?? undefined;
  const isTopup = payment !== undefined && payment.kind !== 'order';

  // The real order from the API (not navigation state), polled until it settles.
  const order = useQuery({
    ...orderQuery(orderId),
    enabled: Boolean(orderId) && (!invoiceId || !confirm.isPending),
    refetchInterval: (q) => (q.state.data && SETTLED.has(q.state.data.order.status) ? false : 2000),
  });
  useEffect(() => {
    if (order.error) toast.error('Error', { description: errorMessage(order.error) });
  }, [order.error]);
  useEffect(() => {
    if (order.data?.order.status === 'completed') void invalidateRoutes(queryClient, 'listCodes');
  }, [order.data?.order.status, queryClient]);

  if (!invoiceId && !orderParam) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-xl font-bold">No order details found</h1>
        <Button onClick={() => navigate('/')}>Go Home</Button>
      </div>
    );
  }

  if (isTopup) return <TopupResult status={payment.status} amount={payment.amount} balance={confirm.data?.balance ?? null} />;

  if (confirm.isPending || (orderId && order.isPending)) {
    return (
      <div className="mx-auto max-w-xl px-3 py-6" aria-busy="true">
        <Skeleton className="mx-auto h-16 w-16 rounded-full" />
        <Skeleton className="mx-auto mt-4 h-7 w-56" />
        <Skeleton className="mt-6 h-80 w-full" />
        <p className="sr-only" role="status">
          Confirming your payment…
        </p>
      </div>
    );
  }

  const o = order.data?.order;
  if (!o) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-xl font-bold">We could not load this order</h1>
        <p className="text-muted-foreground">If you paid, it appears under My Orders within a minute.</p>
        <Button asChild>
          <Link to="/my-orders">My Orders</Link>
        </Button>
      </div>
    );
  }
  const settled = SETTLED.has(o.status);
  return (
    <div className="mx-auto max-w-xl px-3 py-4 sm:py-6">
      <div className="no-print text-center" role="status" aria-live="polite">
        {o.status === 'completed' ? (
          <>
            <CheckCircle2 className="mx-auto h-14 w-14 text-green-600" aria-hidden="true" />
            <h1 className="mt-2 text-2xl font-bold">Payment Successful!</h1>
            <p className="text-muted-foreground">Your order is complete. Delivery takes under 1 minute.</p>
          </>
        ) : settled ? (
          <>
            <XCircle className="mx-auto h-14 w-14 text-red-600" aria-hidden="true" />
            <h1 className="mt-2 text-2xl font-bold">Order {statusLabel(o.status)}</h1>
            <p className="text-muted-foreground">
              {o.status === 'refunded' ? 'The amount was credited to your wallet.' : 'The payment did not go through.'}
            </p>
          </>
        ) : (
          <>
            <Clock className="mx-auto h-14 w-14 animate-pulse text-amber-600" aria-hidden="true" />
            <h1 className="mt-2 text-2xl font-bold">Waiting for payment confirmation…</h1>
            <p className="text-muted-foreground">This page updates by itself. Please keep it open.</p>
          </>
        )}
      </div>

      <Card className="print-area mt-6">
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle className="text-base">Receipt</CardTitle>
          <OrderStatusBadge status={o.status} />
        </CardHeader>
        <CardContent className="space-y-4">
          <ReceiptRows
            rows={[
              ['Order ID', o.id],
              ['Transaction ID', payment?.transaction_id ?? o.payment_id ?? '—'],
              ['Product', o.product_name],
              ['Package', o.variant_name],
              ['Player UID', o.player_uid],
              ['Player Name', o.player_name ?? '—'],
              ['Payment Method', methodLabel(o.payment_method)],
              ['Date', formatDate(o.created_at)],
              ['Total', formatTaka(o.total_amount)],
            ]}
          />
          {o.code && (
            <div>
              <p className="mb-1 text-sm font-medium">Your code</p>
              <CodeDisplay code={o.code} />
            </div>
          )}
        </CardContent>
      </Card>

      <div className="no-print mt-4 grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" /> Download Receipt
        </Button>
        <ShareButton orderId={o.id} product={o.product_name} variant={o.variant_name} />
        {o.status === 'failed' && (
          <Button className="col-span-2" onClick={() => navigate(`/product/${o.product_id}`)}>
            Try Again
          </Button>
        )}
        <Button asChild variant="secondary">
          <Link to="/my-codes">My Codes</Link>
        </Button>
        <Button asChild>
          <Link to="/">Continue Shopping</Link>
        </Button>
      </div>
    </div>
  );
}
