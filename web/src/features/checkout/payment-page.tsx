import { TOPUP_MIN } from '@khelaghor/contract/facts';
import { ClipboardList, Loader2, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMe } from '../../shared/api/site';
import { useAuth } from '../../shared/auth/auth';
import { signInState } from '../../shared/auth/return-path';
import { PageSpinner } from '../../shared/layout/page-spinner';
import { useFormat } from '../../shared/i18n/format';
import { useMethodLabel } from '../../shared/lib/format';
import { isPaymentState } from '../../shared/lib/payment-state';
import { useSeo } from '../../shared/lib/seo';
import { Button } from '../../shared/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../shared/ui/card';
import { toast } from '../../shared/ui/sonner';
import type { PromoQuote } from './api';
import { PaymentSummary } from './components/payment-summary';
import { PromoCodeField } from './components/promo-code-field';
import { usePayOrder } from './hooks/use-pay-order';
import { useT, t } from './messages';
import { loadCheckout, placedOrder, saveCheckout } from './saved-checkout';

/** Add Money for what the wallet lacks (at least the top-up minimum), then back here. */
const addMoneyPath = (shortfall: number) =>
  `/add-money?amount=${Math.ceil(Math.max(shortfall, TOPUP_MIN) / 100)}&return=${encodeURIComponent('/payment')}`;

export default function PaymentPage() {
  const tr = useT();
  const { money } = useFormat();
  const methodLabel = useMethodLabel();
  useSeo(tr('payment'));
  const location = useLocation();
  const navigate = useNavigate();
  const { user, loading } = useAuth();
  const me = useMe();
  // Router state from the product page wins; without it, the checkout this tab kept (back from
  // Add Money, the gateway or sign-in).
  const [state] = useState(() => (isPaymentState(location.state) ? location.state : loadCheckout()));
  // Back from the gateway's page: this entry already placed its order (also when the browser
  // restores the page from its back/forward cache instead of loading it again).
  const [placed, setPlaced] = useState(() => placedOrder(location.key));
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPlaced(placedOrder(location.key));
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [location.key]);
  const [promo, setPromo] = useState<PromoQuote>();
  const { pay, paying } = usePayOrder(state, promo?.code);

  useEffect(() => {
    if (state) saveCheckout(state);
  }, [state]);

  useEffect(() => {
    if (!loading && !user) {
      toast.error(t('loginToContinue'));
      navigate('/auth', { replace: true, state: state ? signInState('/payment') : undefined });
    }
  }, [loading, user, state, navigate]);

  if (!state && !loading && user) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-xl font-bold">{tr('noOrderDetails')}</h1>
        <Button onClick={() => navigate('/')}>{tr('goHome')}</Button>
      </div>
    );
  }
  if (!state || loading || !user) return <PageSpinner />;
  if (placed) {
    return (
      <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
        <ClipboardList className="h-12 w-12 text-primary" aria-hidden="true" />
        <h1 className="text-xl font-bold">{tr('orderAlreadyPlaced')}</h1>
        <p className="text-muted-foreground">{tr('orderAlreadyPlacedText')}</p>
        <div className="grid w-full gap-2">
          <Button onClick={() => navigate('/my-orders')}>{tr('myOrders')}</Button>
          <Button
            variant="outline"
            onClick={() => navigate(`/payment-success?order_id=${encodeURIComponent(placed)}`)}
          >
            {tr('checkPaymentStatus')}
          </Button>
        </div>
      </div>
    );
  }

  const isWallet = state.paymentMethod === 'wallet';
  // What the buyer pays: the quoted total with a promo code, else the list price.
  const total = promo?.total_amount ?? state.amount;
  // The price in the page's language (the product page's text in older kept checkouts).
  const listPrice = typeof state.amount === 'number' ? money(state.amount) : state.price;
  const short = isWallet && me.data !== undefined && me.data.balance < total;

  return (
    <div className="mx-auto grid max-w-4xl gap-4 px-3 py-4 sm:px-4 sm:py-6 md:grid-cols-2">
      <h1 className="text-xl font-bold md:col-span-2">{tr('payment')}</h1>
      <PaymentSummary state={state} promo={promo}>
        <PromoCodeField variantId={state.variantId} applied={promo} onChange={setPromo} disabled={paying} />
      </PaymentSummary>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{tr('instructions')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4 text-sm">
          {isWallet ? (
            <ol className="list-decimal space-y-1 pl-5">
              <li>{tr('walletStep1')}</li>
              <li>{tr('walletStep2')}</li>
              <li>{tr('walletStep3')}</li>
            </ol>
          ) : (
            <ol className="list-decimal space-y-1 pl-5">
              <li>{tr('gatewayStep1')}</li>
              <li>{tr('gatewayStep2', { method: methodLabel(state.paymentMethod) })}</li>
              <li>{tr('gatewayStep3')}</li>
            </ol>
          )}
          {isWallet && (
            <p className={short ? 'font-medium text-red-700' : 'text-muted-foreground'}>
              {tr('walletBalance', { balance: me.data ? money(me.data.balance) : '…' })}
              {short && ` ${tr('notEnough')}`}
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
            {paying ? tr('processing') : tr('payAmount', { amount: promo ? money(total) : listPrice })}
          </Button>
          {short && (
            <Button
              variant="outline"
              className="w-full"
              onClick={() => navigate(addMoneyPath(total - me.data!.balance))}
            >
              {tr('addMoney')}
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
