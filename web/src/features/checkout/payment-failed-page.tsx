import { useMutation } from '@tanstack/react-query';
import { AlertTriangle, Clock, CreditCard, MessageCircle, RefreshCw, Wifi, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../shared/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../shared/ui/card';
import { useAuth } from '../../shared/auth/auth';
import { useSeo } from '../../shared/lib/seo';
import { useSettings, whatsappLink } from '../../shared/api/site';
import { confirmPayment } from './api';
import { localized } from '../../shared/i18n/content';
import { useLocale } from '../../shared/i18n/i18n';
import { useT } from './messages';
import { loadCheckout } from './saved-checkout';

const ISSUES = [
  { icon: CreditCard, title: 'insufficientBalance', text: 'insufficientBalanceText' },
  { icon: Wifi, title: 'networkError', text: 'networkErrorText' },
  { icon: AlertTriangle, title: 'bankDeclined', text: 'bankDeclinedText' },
  { icon: Clock, title: 'sessionExpired', text: 'sessionExpiredText' },
] as const;

const REASONS: Record<string, 'reasonCancelled' | 'reasonExpired' | 'reasonGatewayError' | undefined> = {
  cancelled: 'reasonCancelled',
  expired: 'reasonExpired',
  gateway_error: 'reasonGatewayError',
};

interface FailedState {
  error?: string;
  product?: string;
  variant?: string;
  price?: string;
}

export default function PaymentFailedPage() {
  const tr = useT();
  const locale = useLocale();
  useSeo(tr('paymentFailed'));
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const support = whatsappLink(useSettings().support_whatsapp, tr('supportMessage'));
  const state = (location.state ?? {}) as FailedState;
  const invoiceId = params.get('invoice_id') ?? undefined;

  // Back from the gateway's cancel URL: let the server settle the cancellation now (releases the
  // held code at once) and tell us which order it was, so Retry goes back to that product.
  const confirm = useMutation({
    mutationFn: confirmPayment,
  });
  const sent = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (invoiceId && user && sent.current !== invoiceId) {
      sent.current = invoiceId;
      confirm.mutate(invoiceId);
    }
  }, [invoiceId, user, confirm]);

  const order = confirm.data?.order;
  // Only the gateway's cancel URL brings the buyer here with the invoice: they cancelled (the
  // gateway then reports the payment failed), unless the order ran out of time or never started.
  // Nothing was declined, so no bank tips.
  const reason = order?.failure_reason;
  const cancelled = invoiceId ? reason !== 'expired' && reason !== 'gateway_error' : reason === 'cancelled';
  const reasonKey = order?.failure_reason ? REASONS[order.failure_reason] : undefined;
  const error = state.error ?? (reasonKey ? tr(reasonKey) : tr('processingFailed'));
  const product = state.product ?? (order && localized(locale, order.product_name, order.product_name_bn));
  const variant = state.variant ?? (order && localized(locale, order.variant_name, order.variant_name_bn));

  const retry = () => {
    // The same checkout (package, UID, method) when this tab kept it; else that product's page.
    const saved = loadCheckout();
    if (saved && (!order || saved.variantId === order.product_variant_id))
      navigate('/payment', { state: saved });
    else if (order?.product_id) navigate(`/product/${order.product_id}`);
    else if (location.key !== 'default') navigate(-1);
    else navigate('/');
  };

  return (
    <div className="mx-auto max-w-xl space-y-4 px-3 py-6">
      <div className="text-center">
        <XCircle className="mx-auto h-14 w-14 text-red-600" aria-hidden="true" />
        {cancelled ? (
          <>
            <h1 className="mt-2 text-2xl font-bold">{tr('youCancelled')}</h1>
            <p className="mt-1 text-muted-foreground" role="status">
              {tr('noMoneyTaken')}
            </p>
          </>
        ) : (
          <>
            <h1 className="mt-2 text-2xl font-bold">{tr('paymentFailed')}</h1>
            <p className="mt-1 text-red-700" role="alert">
              {error}
            </p>
          </>
        )}
        {(product || state.price) && (
          <p className="mt-2 text-sm text-muted-foreground">
            {[product, variant, state.price].filter(Boolean).join(' · ')}
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button onClick={retry}>
          <RefreshCw aria-hidden="true" /> {tr('tryAgain')}
        </Button>
        {support ? (
          <Button asChild variant="whatsapp">
            <a href={support} target="_blank" rel="noreferrer">
              <MessageCircle aria-hidden="true" /> {tr('contactSupport')}
            </a>
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link to="/">{tr('goHome')}</Link>
          </Button>
        )}
      </div>
      {!cancelled && (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{tr('commonIssues')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-3">
              {ISSUES.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-3">
                  <Icon className="mt-0.5 h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <div>
                    <h2 className="text-sm font-semibold">{tr(title)}</h2>
                    <p className="text-sm text-muted-foreground">{tr(text)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      <Button asChild variant="ghost" className="w-full">
        <Link to="/">{tr('backToHome')}</Link>
      </Button>
    </div>
  );
}
