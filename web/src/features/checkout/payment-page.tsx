import { useQueryClient } from '@tanstack/react-query';
import { formatTaka } from '@khelaghor/contract/taka';
import { Loader2, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageSpinner } from '../components/layout/page-spinner';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { toast } from '../components/ui/sonner';
import { ApiError, call, errorMessage } from '../lib/api';
import { useAuth } from '../lib/auth';
import { newIdempotencyKey } from '../lib/order-status';
import { isPaymentState, methodLabel } from '../lib/payment-state';
import { useSeo } from '../lib/seo';
import { useMe } from '../lib/site';

export default function PaymentPage() {
  useSeo('Payment');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, loading } = useAuth();
  const me = useMe();
  const state = isPaymentState(location.state) ? location.state : undefined;
  const [paying, setPaying] = useState(false);
  // One key per payment attempt: a double click or a retried request never orders twice, and the
  // server hands every request of the attempt the same checkout.
  const attemptKey = useRef(newIdempotencyKey());
  // Set synchronously, so a second click in the same frame does not send a second request.
  const inFlight = useRef(false);

  useEffect(() => {
    if (!loading && !user && state) {
      toast.error('Please login to continue');
      navigate('/auth', { replace: true, state: { from: `/product/${state.productId}` } });
    }
  }, [loading, user, state, navigate]);

  if (!state) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-xl font-bold">No order details found</h1>
        <Button onClick={() => navigate('/')}>Go Home</Button>
      </div>
    );
  }
  if (loading || !user) return <PageSpinner />;

  const isWallet = state.paymentMethod === 'wallet';
  const short = isWallet && me.data !== undefined && me.data.balance < state.amount;

  const placeOrder = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call('placeOrder', {
          headers: { 'Idempotency-Key': attemptKey.current },
          body: {
            variant_id: state.variantId,
            player_uid: state.playerUID,
            player_name: state.playerName || null,
            whatsapp_number: state.whatsappNumber || null,
            payment_method: state.paymentMethod,
          },
        });
      } catch (error) {
        // The first request of this attempt is still creating the checkout: ask again shortly.
        if (!(error instanceof ApiError && error.code === 'idempotency_in_progress' && attempt < 5)) throw error;
        await new Promise((r) => setTimeout(r, (error.retryAfter ?? 2) * 1000));
      }
    }
  };

  const pay = async () => {
    if (inFlight.current) return;
    if (!state.variantId || !state.price) {
      toast.error('Error', { description: 'Order details are missing' });
      return;
    }
    inFlight.current = true;
    setPaying(true);
    try {
      const res = await placeOrder();
      void queryClient.invalidateQueries({ queryKey: ['me'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      if (res.order.payment_method === 'wallet') {
        void queryClient.invalidateQueries({ queryKey: ['codes'] });
        navigate(`/payment-success?order_id=${encodeURIComponent(res.order.id)}`, { replace: true });
        return;
      }
      if (!res.payment_url) {
        toast.error('Payment URL not received');
        inFlight.current = false;
        setPaying(false);
        return;
      }
      window.location.assign(res.payment_url);
    } catch (error) {
      // A definite answer ends this attempt; after a network error the outcome is unknown, so a
      // retry keeps the key and the server answers with the first order if there was one.
      if (error instanceof ApiError && error.status !== 0) attemptKey.current = newIdempotencyKey();
      if (error instanceof ApiError && error.code === 'unpaid_orders') {
        toast.error('Payment Failed', {
          description: error.message,
          action: { label: 'My Orders', onClick: () => navigate('/my-orders') },
        });
      } else {
        toast.error('Payment Failed', { description: errorMessage(error) || 'Failed to process payment' });
      }
      inFlight.current = false;
      setPaying(false);
    }
  };

  return (
    <div className="mx-auto grid max-w-4xl gap-4 px-3 py-4 sm:px-4 sm:py-6 md:grid-cols-2">
      <h1 className="text-xl font-bold md:col-span-2">Payment</h1>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Order Summary</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="space-y-2 text-sm">
            {[
              ['Product', state.product],
              ['Package', state.variant],
              ['Player UID', state.playerUID],
              ['Player Name', state.playerName || '—'],
              ['WhatsApp', state.whatsappNumber || '—'],
              ['Payment Method', methodLabel(state.paymentMethod)],
            ].map(([term, value]) => (
              <div key={term} className="flex justify-between gap-3">
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="break-all text-right font-medium">{value}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-3 border-t pt-2 text-base">
              <dt className="font-semibold">Total</dt>
              <dd className="font-bold text-primary">{state.price}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Instructions</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4 text-sm">
          {isWallet ? (
            <ol className="list-decimal space-y-1 pl-5">
              <li>The total is taken from your wallet balance.</li>
              <li>Your code is delivered at once and shown on the next page.</li>
              <li>It also stays under My Codes.</li>
            </ol>
          ) : (
            <ol className="list-decimal space-y-1 pl-5">
              <li>You will be sent to our secure payment page.</li>
              <li>Pay with {methodLabel(state.paymentMethod)} and confirm.</li>
              <li>You come back here and your code is delivered in under 1 minute.</li>
            </ol>
          )}
          {isWallet && (
            <p className={short ? 'font-medium text-red-700' : 'text-muted-foreground'}>
              Wallet balance: {me.data ? formatTaka(me.data.balance) : '…'}
              {short && ' (not enough: add money first)'}
            </p>
          )}
          <Button size="lg" className="w-full" onClick={() => void pay()} disabled={paying}>
            {paying ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
            {paying ? 'Processing…' : `Pay ${state.price}`}
          </Button>
          {short && (
            <Button variant="outline" className="w-full" onClick={() => navigate('/add-money')}>
              Add Money
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
