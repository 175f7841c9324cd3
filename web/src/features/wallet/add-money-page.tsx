import { useQueryClient } from '@tanstack/react-query';
import { isGatewayMethod, MANUAL_TOPUP_METHODS, type ManualTopupMethod } from '@khelaghor/contract/facts';
import { ArrowLeft, Loader2, Wallet } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/client';
import { useMe, useSite } from '../../shared/api/site';
import { PaymentMethodPicker } from '../../shared/components/payment-method-picker';
import { formatTaka } from '@khelaghor/contract/taka';
import { currentLocale } from '../../shared/i18n/i18n';
import { useFormat } from '../../shared/i18n/format';
import { methodLabel } from '../../shared/lib/format';
import { useSeo } from '../../shared/lib/seo';
import { Button } from '../../shared/ui/button';
import { Card, CardContent } from '../../shared/ui/card';
import { toast } from '../../shared/ui/sonner';
import { createManualTopup, createTopup, refreshManualTopups } from './api';
import { checkTopup } from './check-topup';
import { AmountField } from './components/amount-field';
import { HowToPayToggle, ManualTopupFields } from './components/manual-topup-fields';
import { SendMoneySummary } from './components/send-money-summary';
import { TopupRequests } from './components/topup-requests';
import { t, useT } from './messages';

export default function AddMoneyPage() {
  const tr = useT();
  const { money } = useFormat();
  useSeo(tr('addMoney'));
  const queryClient = useQueryClient();
  const me = useMe();
  const site = useSite();
  const receivingNumbers = (m: string) =>
    site.data?.receiving_accounts.wallets.filter((w) => w.provider === m).map((w) => w.number) ?? [];
  const [params] = useSearchParams();
  // Sent here from a checkout short of balance: the amount it lacks, and the way back to it.
  const back = params.get('return');
  const returnTo = back && back.startsWith('/') && !back.startsWith('//') ? back : undefined;
  const [amount, setAmount] = useState(() => params.get('amount')?.replace(/[^\d.]/g, '') ?? '');
  const [method, setMethod] = useState<ManualTopupMethod>();
  const [manual, setManual] = useState(false);
  const [sender, setSender] = useState('');
  const [trxId, setTrxId] = useState('');
  const [receiving, setReceiving] = useState('');
  const [busy, setBusy] = useState(false);

  // Bank transfers are always sent by hand; mobile banking may go through the gateway.
  const gateway = method !== undefined && isGatewayMethod(method) ? method : undefined;
  const isManual = method === 'bank_transfer' || manual;
  // The amount to send by hand, once what is typed is a valid top-up.
  const typed = checkTopup(amount, method);
  const amountToSend = 'amount' in typed ? typed.amount : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkTopup(amount, method);
    if ('error' in checked) {
      toast.error(t('error'), { description: checked.error });
      return;
    }
    if (isManual && (!sender.trim() || !trxId.trim())) {
      toast.error(t('error'), { description: t('fillRequired') });
      return;
    }
    // Several numbers for the method: the SMS must come to the one the buyer sent to.
    if (
      isManual &&
      gateway &&
      !receivingNumbers(gateway).includes(receiving) &&
      receivingNumbers(gateway).length > 1
    ) {
      toast.error(t('error'), { description: t('chooseReceiving') });
      return;
    }
    setBusy(true);
    try {
      if (isManual || !gateway) {
        await createManualTopup({
          amount: checked.amount,
          payment_method: method!,
          sender_number: sender.trim(),
          transaction_id: trxId.trim(),
          ...(gateway && receivingNumbers(gateway).includes(receiving) && { receiving_number: receiving }),
        });
        // Mobile banking is verified from the shop's SMS; a bank transfer waits for an admin.
        toast.success(t('requestSubmitted'), {
          description: t(gateway ? 'requestSubmittedSms' : 'requestSubmittedText'),
        });
        setSender('');
        setTrxId('');
        setAmount('');
        await refreshManualTopups(queryClient);
        setBusy(false);
      } else {
        const res = await createTopup(checked.amount, gateway);
        toast.success(t('redirecting'), {
          description: t('payWith', {
            amount: formatTaka(checked.amount, currentLocale()),
            method: methodLabel(gateway),
          }),
        });
        window.location.assign(res.payment_url);
      }
    } catch (error) {
      toast.error(t('error'), { description: errorMessage(error) });
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-xl space-y-4 px-3 py-4 sm:px-4 sm:py-6">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-bold">{tr('addMoney')}</h1>
        <p className="flex items-center gap-1 text-sm">
          <Wallet className="h-4 w-4" aria-hidden="true" />
          {tr('balanceLabel')} <strong>{me.data ? money(me.data.balance) : '…'}</strong>
        </p>
      </div>
      {returnTo && (
        <div className="flex items-center justify-between gap-2 rounded-md border bg-accent px-3 py-2 text-sm">
          <span>{tr('addThenBack')}</span>
          <Button asChild size="sm" variant="outline">
            <Link to={returnTo}>
              <ArrowLeft aria-hidden="true" /> {tr('backToCheckout')}
            </Link>
          </Button>
        </div>
      )}
      <Card>
        <CardContent className="pt-4 sm:pt-6">
          <form onSubmit={submit} className="space-y-5" noValidate>
            <AmountField value={amount} onChange={setAmount} />
            <PaymentMethodPicker
              methods={MANUAL_TOPUP_METHODS}
              value={method}
              onChange={setMethod}
              name="topup-method"
              legend={tr('paymentMethod')}
            />
            {gateway && <HowToPayToggle manual={manual} onChange={setManual} />}
            {isManual && (
              <>
                <SendMoneySummary amount={amountToSend} />
                <ManualTopupFields
                  method={method}
                  sender={sender}
                  onSenderChange={setSender}
                  trxId={trxId}
                  onTrxIdChange={setTrxId}
                  receiving={receiving}
                  onReceivingChange={setReceiving}
                />
              </>
            )}
            <Button type="submit" size="lg" className="w-full" disabled={busy}>
              {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
              {isManual ? tr('submitRequest') : tr('addMoney')}
            </Button>
          </form>
        </CardContent>
      </Card>
      <TopupRequests />
    </div>
  );
}
