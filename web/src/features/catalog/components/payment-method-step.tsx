import { ORDER_PAYMENT_METHODS, type OrderPaymentMethod } from '@khelaghor/contract/facts';
import { useMe } from '../../../shared/api/site';
import { useAuth } from '../../../shared/auth/auth';
import { useFormat } from '../../../shared/i18n/format';
import { PaymentMethodPicker } from '../../../shared/components/payment-method-picker';
import { Card, CardContent, CardHeader } from '../../../shared/ui/card';
import { useT } from '../product/messages';
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
  const t = useT();
  const { money } = useFormat();
  const hint = (m: OrderPaymentMethod) => {
    if (m !== 'wallet') return t('mobileBanking');
    return user && me.data ? t('balance', { amount: money(me.data.balance) }) : t('payFromBalance');
  };
  return (
    <Card>
      <CardHeader>
        <StepTitle n={3}>{t('choosePaymentMethod')}</StepTitle>
      </CardHeader>
      <CardContent>
        <PaymentMethodPicker
          methods={ORDER_PAYMENT_METHODS}
          value={value}
          onChange={onChange}
          name="payment-method"
          legend={t('paymentMethod')}
          hint={hint}
        />
      </CardContent>
    </Card>
  );
}
