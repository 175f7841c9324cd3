import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard, Printer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../shared/ui/button';
import { Skeleton } from '../../shared/ui/skeleton';
import { toast } from '../../shared/ui/sonner';
import { errorMessage } from '../../shared/api/client';
import { invalidateRoutes } from '../../shared/api/query-keys';
import { isCancelled } from '../../shared/lib/order-status';
import { useSeo } from '../../shared/lib/seo';
import { confirmPayment, orderQuery, refreshAfterPayment } from './api';
import { OrderOutcome } from './components/order-outcome';
import { OrderReceipt } from './components/order-receipt';
import { clearCheckout } from './saved-checkout';
import { SETTLED } from './settled';
import { ShareButton } from './components/share-button';
import { TopupResult } from './components/topup-result';
import { RedeemSteps } from '../../shared/components/redeem-steps';
import { localized } from '../../shared/i18n/content';
import { useLocale } from '../../shared/i18n/i18n';
import { t, useT } from './messages';

/** The statuses with money received, so a receipt to download. */
const PAID: ReadonlySet<string> = new Set(['completed', 'refunded']);

export default function PaymentSuccessPage() {
  const tr = useT();
  const locale = useLocale();
  useSeo(tr('paymentSuccess'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invoiceId = params.get('invoice_id') ?? undefined;
  const orderParam = params.get('order_id') ?? undefined;

  // The gateway sends the browser back here: confirm the invoice (verified server-side, settles once).
  const confirm = useMutation({
    mutationFn: confirmPayment,
    onSuccess: () => void refreshAfterPayment(queryClient),
    onError: (error) => toast.error(t('error'), { description: errorMessage(error) }),
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
    if (order.error) toast.error(t('error'), { description: errorMessage(order.error) });
  }, [order.error]);
  useEffect(() => {
    if (order.data?.order.status !== 'completed') return;
    clearCheckout();
    void invalidateRoutes(queryClient, 'listCodes');
  }, [order.data?.order.status, queryClient]);

  if (!invoiceId && !orderParam) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-xl font-bold">{tr('noOrderDetails')}</h1>
        <Button onClick={() => navigate('/')}>{tr('goHome')}</Button>
      </div>
    );
  }

  if (isTopup)
    return (
      <TopupResult status={payment.status} amount={payment.amount} balance={confirm.data?.balance ?? null} />
    );

  if (confirm.isPending || (orderId && order.isPending)) {
    return (
      <div className="mx-auto max-w-xl px-3 py-6" aria-busy="true">
        <Skeleton className="mx-auto h-16 w-16 rounded-full" />
        <Skeleton className="mx-auto mt-4 h-7 w-56" />
        <Skeleton className="mt-6 h-80 w-full" />
        <p className="sr-only" role="status">
          {tr('confirmingPayment')}
        </p>
      </div>
    );
  }

  const o = order.data?.order;
  if (!o) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-xl font-bold">{tr('couldNotLoadOrder')}</h1>
        <p className="text-muted-foreground">{tr('ifYouPaid')}</p>
        <Button asChild>
          <Link to="/my-orders">{tr('myOrders')}</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-3 py-4 sm:py-6">
      <OrderOutcome
        status={o.status}
        cancelled={isCancelled(o)}
        deliveryMinutes={o.fulfilment?.delivery_minutes}
      />

      <OrderReceipt order={o} transactionId={payment?.transaction_id} />
      {o.status === 'completed' && (
        <div className="mt-4">
          <RedeemSteps productId={o.product_id} />
        </div>
      )}

      <div className="no-print mt-4 grid grid-cols-2 gap-2">
        {/* An unpaid gateway order has nothing to receipt yet: back to its checkout instead. */}
        {o.status === 'pending' && o.payment_url ? (
          <Button asChild className="col-span-2">
            <a href={o.payment_url}>
              <CreditCard aria-hidden="true" /> {tr('completePayment')}
            </a>
          </Button>
        ) : (
          PAID.has(o.status) && (
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden="true" /> {tr('downloadReceipt')}
            </Button>
          )
        )}
        <ShareButton
          orderId={o.id}
          product={localized(locale, o.product_name, o.product_name_bn)}
          variant={localized(locale, o.variant_name, o.variant_name_bn)}
        />
        {o.status === 'failed' && (
          <Button className="col-span-2" onClick={() => navigate(`/product/${o.product_id}`)}>
            {tr('tryAgain')}
          </Button>
        )}
        <Button asChild variant="secondary">
          <Link to="/my-codes">{tr('myCodes')}</Link>
        </Button>
        <Button asChild>
          <Link to="/">{tr('continueShopping')}</Link>
        </Button>
      </div>
    </div>
  );
}
