import { TOPUP_MIN } from '@khelaghor/contract/facts';
import { formatTaka } from '@khelaghor/contract/taka';
import { Loader2, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMe } from '../../shared/api/site';
import { useAuth } from '../../shared/auth/auth';
import { PageSpinner } from '../../shared/layout/page-spinner';
import { methodLabel } from '../../shared/lib/format';
import { isPaymentState } from '../../shared/lib/payment-state';
import { useSeo } from '../../shared/lib/seo';
import { Button } from '../../shared/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../shared/ui/card';
import { toast } from '../../shared/ui/sonner';
import type { PromoQuote } from './api';
import { PaymentSummary } from './components/payment-summary';
import { PromoCodeField } from './components/promo-code-field';
import { usePayOrder } from './hooks/use-pay-order';
import { loadCheckout, saveCheckout } from './saved-checkout';

/** Add Money for what the wallet lacks (at least the top-up minimum), then back here. */
const addMoneyPath = (shortfall: number) =>
  `/add-money?amount=${Math.ceil(Math.max(shortfall, TOPUP_MIN) / 100)}&return=${encodeURIComponent('/payment')}`;

export default function PaymentPage() {
  useSeo('Payment');
  const location = useLocation();
  const navigate = useNavigate();
  const { user, loading } = useAuth();
  const me = useMe();
  // Router state from the product page wins; without it, the checkout this tab kept (back from
  // Add Money, the gateway or sign-in).
  const [state] = useState(() => (isPaymentState(location.state) ? location.state : loadCheckout()));
  const [promo, setPromo] = useState<PromoQuote>();
  const { pay, paying } = usePayOrder(state, promo?.code);

  useEffect(() => {
    if (state) saveCheckout(state);
  }, [state]);

  useEffect(() => {
    if (!loading && !user) {
      toast.error('Please login to continue');
      navigate('/auth', { replace: true, state: state ? { from: '/payment' } : undefined });
    }
  }, [loading, user, state, navigate]);

  if (!state && !loading && user) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-xl font-bold">No order details found</h1>
        <Button onClick={() => navigate('/')}>Go Home</Button>
      </div>
    );
  }
  if (!state || loading || !user) return <PageSpinner />;

  const isWallet = state.paymentMethod === 'wallet';
  // What the buyer pays: the quoted total with a promo code, else the list price.
  const total = promo?.total_amount ?? state.amount;
  const short = isWallet && me.data !== undefined && me.data.balance < total;

  return (
    <div className="mx-auto grid max-w-4xl gap-4 px-3 py-4 sm:px-4 sm:py-6 md:grid-cols-2">
      <h1 className="text-xl font-bold md:col-span-2">Payment</h1>
      <PaymentSummary state={state} promo={promo}>
        <PromoCodeField variantId={state.variantId} applied={promo} onChange={setPromo} disabled={paying} />
      </PaymentSummary>
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
          <Button
            size="lg"
            className="w-full"
            onClick={() => void pay()}
            disabled={paying || short || (isWallet && !me.data)}
          >
            {paying ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <ShieldCheck aria-hidden="true" />
            )}
            {paying ? 'Processing…' : `Pay ${promo ? formatTaka(total) : state.price}`}
          </Button>
          {short && (
            <Button
              variant="outline"
              className="w-full"
              onClick={() => navigate(addMoneyPath(total - me.data!.balance))}
            >
              Add Money
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
