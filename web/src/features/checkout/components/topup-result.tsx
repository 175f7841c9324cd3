import { CheckCircle2, Clock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useFormat } from '../../../shared/i18n/format';
import { useStatusLabel } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button';
import { useT } from '../messages';
import { loadCheckout } from '../saved-checkout';

/** The return page of an Add Money payment: the top-up's outcome and the new balance. */
export function TopupResult({
  status,
  amount,
  balance,
}: {
  status: string;
  amount: number;
  balance: number | null;
}) {
  const tr = useT();
  const { money } = useFormat();
  const statusLabel = useStatusLabel();
  const ok = status === 'completed';
  // Money added for a checkout this tab kept (Add Money from /payment, through the gateway): back to it.
  const checkout = ok ? loadCheckout() : undefined;
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-10 text-center" role="status">
      {ok ? (
        <CheckCircle2 className="h-14 w-14 text-green-600" aria-hidden="true" />
      ) : (
        <Clock className="h-14 w-14 text-amber-600" aria-hidden="true" />
      )}
      <h1 className="mt-2 text-2xl font-bold">
        {ok ? tr('moneyAdded') : tr('topupStatus', { status: statusLabel(status) })}
      </h1>
      <p className="mt-1 text-muted-foreground">
        {ok
          ? tr('addedToWallet', { amount: money(amount) })
          : status === 'pending' || status === 'review'
            ? tr('paymentBeingChecked')
            : tr('paymentNotThrough')}
      </p>
      {balance !== null && (
        <p className="mt-3 text-lg font-semibold">{tr('balance', { amount: money(balance) })}</p>
      )}
      {checkout && (
        <Button asChild size="lg" className="mt-6 w-full">
          <Link to="/payment" state={checkout}>
            {tr('backToCheckout', { product: checkout.product, variant: checkout.variant })}
          </Link>
        </Button>
      )}
      <div className="mt-6 flex gap-2">
        <Button asChild variant="outline">
          <Link to="/profile">{tr('myProfile')}</Link>
        </Button>
        <Button asChild>
          <Link to="/">{tr('continueShopping')}</Link>
        </Button>
      </div>
    </div>
  );
}
