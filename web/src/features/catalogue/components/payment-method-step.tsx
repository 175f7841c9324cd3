import { ORDER_PAYMENT_METHODS, type OrderPaymentMethod } from '@khelaghor/contract/facts';
import { formatTaka } from '@khelaghor/contract/taka';
import { useMe } from '../../../shared/api/site';
import { useAuth } from '../../../shared/auth/auth';
import { PaymentMethodPicker } from '../../../shared/components/payment-method-picker';
import { Card, CardContent, CardHeader } from '../../../shared/ui/card';
import { StepTitle } from './step-title';

/** Step 3: wallet or a gateway method; the wallet card shows the balance when signed in. */
export function PaymentMethodStep({
  value,
  onChange,
}: {
  value: OrderPaymentMethod | undefined;
  onChange: (method: OrderPaymentMethod) => void;
}) {
  const { user } = useAuth();
  const me = useMe();
  const hint = (m: OrderPaymentMethod) => {
    if (m !== 'wallet') return 'Mobile banking';
    return user && me.data ? `Balance ${formatTaka(me.data.balance)}` : 'Pay from your balance';
  };
  return (
    <Card>
      <CardHeader>
        <StepTitle n={3}>Choose Payment Method</StepTitle>
      </CardHeader>
      <CardContent>
        <PaymentMethodPicker
          methods={ORDER_PAYMENT_METHODS}
          value={value}
          onChange={onChange}
          name="payment-method"
          legend="Payment method"
          hint={hint}
        />
      </CardContent>
    </Card>
  );
}
